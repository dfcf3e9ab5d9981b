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
        {/* Two curved rows of heads: an audience, the "plateia". */}
        <circle cx="10" cy="12" r="2.3" fill="#fff" />
        <circle cx="16" cy="10.6" r="2.3" fill="#fff" />
        <circle cx="22" cy="12" r="2.3" fill="#fff" />
        <circle cx="6.8" cy="21" r="2.3" fill="#fff" fillOpacity="0.85" />
        <circle cx="12.6" cy="19.4" r="2.3" fill="#fff" fillOpacity="0.85" />
        <circle cx="19.4" cy="19.4" r="2.3" fill="#fff" fillOpacity="0.85" />
        <circle cx="25.2" cy="21" r="2.3" fill="#fff" fillOpacity="0.85" />
      </svg>
      <span className="logo-word">Plateia</span>
    </span>
  );
}
