/**
 * The registration toast's clap (spec section 8: "a clap icon"), drawn: the 👏 emoji shows as an empty box where no
 * emoji font is installed. Decorative: the toast's text says it all.
 */
export function ClapIcon({ size = 24 }: { size?: number }) {
  const hand =
    'M5.5 11.5V8.2a1.2 1.2 0 0 1 2.4 0V11M7.9 10.5V6.6a1.2 1.2 0 0 1 2.4 0v4M10.3 10.5V7.4a1.2 1.2 0 0 1 2.4 0v6.1c0 3.6-2 6.4-4.8 6.4-2.2 0-3.4-1.5-4.4-3.6L2.3 13a1.2 1.2 0 0 1 2-1.2l1.2 1.7V11.5';
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon="clap">
      <g stroke="#7a4a00" strokeWidth="0.9" strokeLinecap="round" strokeLinejoin="round">
        <path d={hand} fill="#f6b73c" transform="rotate(-28 9 15)" />
        <path d={hand} fill="#ffcf5c" transform="translate(6 0) rotate(22 9 15)" />
      </g>
      <path
        d="M12 1v2.2M8.3 2.2l1 1.8M15.7 2.2l-1 1.8"
        stroke="#e08a00"
        strokeWidth="1.2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
