// The demo sso provider page: "Use this account" buttons fill the sign-in form.
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-fill-email]')) {
  button.addEventListener('click', () => {
    const email = document.getElementById('sso-email') as HTMLInputElement;
    const password = document.getElementById('sso-password') as HTMLInputElement;
    email.value = button.dataset.fillEmail ?? '';
    password.value = button.dataset.fillPassword ?? '';
    password.focus();
  });
}
