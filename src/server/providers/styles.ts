// Stylesheets of the provider pages (served as files so the pages' CSP needs no inline styles).
export const CARD_FRAME_CSS = `
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:transparent;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1f}
.field{padding:2px 4px 4px}
label{display:block;font-weight:600;font-size:15px;margin:0 0 6px}
label .req{color:#b3261e;margin-left:2px}
.wrap{position:relative}
input{width:100%;height:48px;padding:0 64px 0 14px;border:1px solid #8c9099;border-radius:10px;font:inherit;font-size:17px;letter-spacing:.04em;background:#fff;color:inherit}
input:focus{outline:3px solid var(--accent,#1a73e8);outline-offset:1px;border-color:var(--accent,#1a73e8)}
body.invalid input{border-color:#b3261e}
.brand{position:absolute;right:10px;top:50%;transform:translateY(-50%);font-size:11px;font-weight:800;letter-spacing:.06em;color:#fff;background:#5b5f66;border-radius:4px;padding:3px 6px}
.brand:empty{display:none}
.brand[data-brand=visa]{background:#1a1f71}.brand[data-brand=mastercard]{background:#eb001b}.brand[data-brand=amex]{background:#2e77bb}.brand[data-brand=discover]{background:#e65c00}
.hint{margin:6px 0 0;font-size:13px;line-height:1.7;color:#5b5f66}
.lock{display:inline-block;width:12px;height:12px;margin-right:5px;vertical-align:-1px}
.types{display:inline-flex;flex-wrap:wrap;gap:4px;margin-left:4px;vertical-align:1px}
.types span{font-size:10px;font-weight:700;border:1px solid #d9dbe0;border-radius:3px;padding:1px 4px;color:#3b3f46}
.error{margin:6px 0 0;font-size:14px;color:#b3261e;min-height:0}
.error:empty{display:none}
.refused{padding:12px;color:#b3261e}
`;

export const CAPTCHA_CSS = `
*{box-sizing:border-box}
html,body{margin:0;background:transparent;font:14px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1f}
.widget{display:flex;align-items:center;justify-content:space-between;gap:12px;width:300px;max-width:100%;height:74px;padding:0 12px;border:1px solid #d3d3d3;border-radius:6px;background:#f9f9f9;box-shadow:0 1px 2px rgb(0 0 0 / .08)}
.left{display:flex;align-items:center;gap:12px}
button{width:28px;height:28px;border:2px solid #8c9099;border-radius:4px;background:#fff;cursor:pointer;padding:0;display:grid;place-items:center}
button:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
button[aria-checked=true]{border-color:#1e6b3a;background:#1e6b3a}
button[aria-checked=true]::after{content:"";width:8px;height:14px;border:solid #fff;border-width:0 3px 3px 0;transform:rotate(45deg) translate(-1px,-2px)}
button[aria-busy=true]{border-style:dashed}
.label{font-size:14px}
.status{display:block;font-size:11px;color:#5b5f66;min-height:13px}
.brand{text-align:center;font-size:10px;color:#5b5f66;line-height:1.2}
.brand strong{display:block;font-size:11px;color:#1f3a5f}
`;

export const SSO_CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:linear-gradient(160deg,#0b3c5d 0%,#14557f 55%,#1f6f8b 100%);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#14212b;display:flex;align-items:flex-start;justify-content:center;padding:40px 12px}
main{width:100%;max-width:440px}
.brand{color:#fff;text-align:center;margin-bottom:20px}
.brand .mark{display:inline-grid;place-items:center;width:56px;height:56px;border-radius:50%;background:#f2b544;color:#0b3c5d;font-weight:800;font-size:22px;margin-bottom:8px}
.brand h1{margin:0;font-size:26px}
.brand p{margin:4px 0 0;opacity:.85;font-size:15px}
.card{background:#fff;border-radius:16px;padding:28px 24px;box-shadow:0 12px 32px rgb(0 0 0 / .25)}
.card h2{margin:0 0 4px;font-size:20px}
.card p.sub{margin:0 0 18px;color:#4a5560;font-size:14px}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 6px}
input{width:100%;height:46px;border:1px solid #9aa5ae;border-radius:10px;padding:0 12px;font:inherit}
input:focus{outline:3px solid #f2b544;outline-offset:1px;border-color:#0b3c5d}
.primary{margin-top:20px;width:100%;height:48px;border:0;border-radius:24px;background:#0b3c5d;color:#fff;font:inherit;font-weight:700;cursor:pointer}
.primary:hover{background:#14557f}
.primary:focus-visible,.fill:focus-visible,a:focus-visible{outline:3px solid #f2b544;outline-offset:2px}
.error{background:#fdecea;color:#8a1c14;border-radius:10px;padding:10px 12px;margin:0 0 8px;font-size:14px}
.demo{margin-top:22px;border-top:1px solid #e3e7ea;padding-top:16px}
.demo h3{margin:0 0 8px;font-size:14px;color:#4a5560;text-transform:uppercase;letter-spacing:.06em}
.demo ul{list-style:none;margin:0;padding:0;display:grid;gap:6px}
.demo li{display:flex;align-items:center;justify-content:space-between;gap:8px;font-size:14px}
.demo span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.fill{border:1px solid #0b3c5d;background:#fff;color:#0b3c5d;border-radius:14px;padding:4px 10px;font:inherit;font-size:13px;cursor:pointer;flex:none}
.switch{margin-top:16px;text-align:center;font-size:14px}
.switch a{color:#0b3c5d;font-weight:600}
.foot{margin-top:16px;text-align:center;color:#dce7ef;font-size:12px}
`;
