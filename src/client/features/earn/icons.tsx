// Decorative icons of the earn, explanation and legal pages (always aria-hidden).
const common = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function ArrowIcon() {
  return (
    <svg {...common} width="18" height="18">
      <path d="M5 12h13M13 6l6 6-6 6" {...stroke} strokeWidth={2.4} />
    </svg>
  );
}

export function BackIcon() {
  return (
    <svg {...common} width="16" height="16">
      <path d="M19 12H6M11 6l-6 6 6 6" {...stroke} strokeWidth={2.4} />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...common} width="20" height="20">
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.18" />
      <path d="M7.5 12.5l3 3 6-6.5" {...stroke} strokeWidth={2.4} />
    </svg>
  );
}

/** One icon per kind of offer, picked by the entry's slug; a star for any other. */
export function OfferIcon({ slug }: { slug: string }) {
  switch (slug) {
    case 'new-member-bonus':
      return (
        <svg {...common} width="28" height="28">
          <rect x="3" y="8" width="18" height="13" rx="2" {...stroke} />
          <path d="M3 12h18M12 8v13M12 8c-2-4-7-4-6-1s6 1 6 1c2-4 7-4 6-1s-6 1-6 1" {...stroke} />
        </svg>
      );
    case 'reservations':
      return (
        <svg {...common} width="28" height="28">
          <rect x="3" y="5" width="18" height="16" rx="2" {...stroke} />
          <path d="M3 10h18M8 3v4M16 3v4M9 15l2 2 4-4" {...stroke} />
        </svg>
      );
    case 'vip-upgrade':
      return (
        <svg {...common} width="28" height="28">
          <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" {...stroke} />
        </svg>
      );
    case 'how-it-works':
      return (
        <svg {...common} width="28" height="28">
          <circle cx="12" cy="12" r="9" {...stroke} />
          <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17.5h.01" {...stroke} />
        </svg>
      );
    case 'special-offers':
      return (
        <svg {...common} width="28" height="28">
          <path d="M20 12l-8 8-8-8V4h8z" {...stroke} />
          <circle cx="8.5" cy="8.5" r="1.5" fill="currentColor" />
        </svg>
      );
    default:
      return (
        <svg {...common} width="28" height="28">
          <path d="M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9z" {...stroke} />
        </svg>
      );
  }
}
