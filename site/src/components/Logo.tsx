/** The Plateia wordmark: a stage-light mark and the name, drawn inline so it never shifts layout. */
export function Logo() {
  return (
    <span className="logo">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" className="logo-mark">
        <defs>
          <linearGradient id="plateia-logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6d4aff" />
            <stop offset="0.5" stopColor="#b04bff" />
            <stop offset="1" stopColor="#ff4f9a" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#plateia-logo-gradient)" />
        <path
          d="M7 22c2.5-3.2 5.6-4.8 9-4.8s6.5 1.6 9 4.8"
          stroke="#fff"
          strokeWidth="2.4"
          fill="none"
          strokeLinecap="round"
        />
        <circle cx="11" cy="12" r="2.2" fill="#fff" />
        <circle cx="16" cy="10" r="2.2" fill="#fff" />
        <circle cx="21" cy="12" r="2.2" fill="#fff" />
      </svg>
      <span className="logo-word">Plateia</span>
    </span>
  );
}
