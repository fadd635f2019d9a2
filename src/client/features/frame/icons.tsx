// Inline icons of the frame. All decorative: the control around each carries the accessible name.
const common = { 'aria-hidden': true, focusable: 'false' } as const;

export function MenuIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="24" height="24">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="22" height="22">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="18" height="18">
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function BackIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="18" height="18">
      <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function InfoIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="18" height="18">
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function CloseIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...common} viewBox="0 0 24 24" width={size} height={size}>
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/** The iOS share glyph (a box with an arrow up), as the install banner's instructions name it. */
export function ShareIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="18" height="18">
      <path d="M12 3v12M8 7l4-4 4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      <path
        d="M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function UserIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="18" height="18">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function SignOutIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="18" height="18">
      <path
        d="M10 5H6a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h4M14 8l4 4-4 4M18 12H9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** "Menuboard", the network the partner programme runs on: the second link of the footer logo chain. */
export function NetworkLogo() {
  return (
    <svg viewBox="0 0 150 32" width="150" height="32" role="img" aria-label="Menuboard" focusable="false">
      <circle cx="16" cy="16" r="12.5" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M11 10.5v11M16 9v14M21 10.5v11" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <text x="36" y="22" fill="currentColor" fontFamily="system-ui, sans-serif" fontSize="17" fontWeight="700" letterSpacing=".2">
        Menuboard
      </text>
    </svg>
  );
}
