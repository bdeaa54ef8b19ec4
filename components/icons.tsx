/** The few line icons the frame needs, inline so no icon library ships to the browser. */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const CartIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="20" r="1.4" />
    <circle cx="18" cy="20" r="1.4" />
    <path d="M2.5 3.5h2.6l2.4 11.2h11.1l2-8H6.2" />
  </Icon>
);

export const UserIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.2-4 4.3-6 8-6s6.8 2 8 6" />
  </Icon>
);

export const LogoutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 4h5a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-5" />
    <path d="M10 16l-4-4 4-4M6 12h10" />
  </Icon>
);

export const ArrowUpIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 19V5M5.5 11.5 12 5l6.5 6.5" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

/** The portal's mark: a satellite crossing an orbit around the Earth. */
export const LogoMark = ({ size = 40, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" {...rest}>
    <defs>
      <radialGradient id="logo-earth" cx="40%" cy="35%" r="65%">
        <stop offset="0" stopColor="#7fd1ff" />
        <stop offset="0.6" stopColor="#1f7ae0" />
        <stop offset="1" stopColor="#0b3a8a" />
      </radialGradient>
    </defs>
    <circle cx="24" cy="24" r="13" fill="url(#logo-earth)" />
    <path d="M15 20c3 1 5 4 9 3s5-4 9-2" stroke="#bff2c9" strokeWidth="2" fill="none" strokeLinecap="round" />
    <ellipse
      cx="24"
      cy="24"
      rx="22"
      ry="8"
      transform="rotate(-25 24 24)"
      fill="none"
      stroke="#ffffff"
      strokeOpacity="0.85"
      strokeWidth="1.6"
    />
    <g transform="translate(38 11) rotate(-25)">
      <rect x="-2.5" y="-2" width="5" height="4" rx="0.8" fill="#ffd54a" />
      <rect x="-9" y="-1.5" width="5.5" height="3" fill="#9fd3ff" />
      <rect x="3.5" y="-1.5" width="5.5" height="3" fill="#9fd3ff" />
    </g>
  </svg>
);

export const EditIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h4l10.5-10.5a2.1 2.1 0 0 0-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </Icon>
);

export const FeedbackIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 5.5h16v10.5H10l-4.5 3.5V16H4z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </Icon>
);

/** A warning sign (a triangle with an exclamation mark): marks where something needs attention, beside its text. */
export const WarningIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5 2.5 20h19z" />
    <path d="M12 10v4.5M12 17.2v.1" />
  </Icon>
);
