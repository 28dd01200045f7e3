// Inline line icons: a few hundred bytes instead of an icon font or image requests.
import type { ReactNode } from "react";

const Svg = ({ children, size = 22 }: { children: ReactNode; size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {children}
  </svg>
);

export const SearchIcon = () => (
  <Svg>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);
export const UserIcon = () => (
  <Svg>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
);
export const BagIcon = () => (
  <Svg>
    <path d="M6 7h12l1 14H5z" />
    <path d="M9 7a3 3 0 0 1 6 0" />
  </Svg>
);
export const HomeIcon = () => (
  <Svg>
    <path d="m3 11 9-8 9 8" />
    <path d="M5 10v11h14V10" />
  </Svg>
);
export const GridIcon = () => (
  <Svg>
    <rect x="3" y="3" width="7" height="7" />
    <rect x="14" y="3" width="7" height="7" />
    <rect x="3" y="14" width="7" height="7" />
    <rect x="14" y="14" width="7" height="7" />
  </Svg>
);
export const SparkIcon = () => (
  <Svg>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  </Svg>
);
export const BoxIcon = () => (
  <Svg>
    <path d="m3 7 9-4 9 4-9 4z" />
    <path d="M3 7v10l9 4 9-4V7" />
    <path d="M12 11v10" />
  </Svg>
);
export const BinIcon = () => (
  <Svg size={20}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </Svg>
);
export const CloseIcon = () => (
  <Svg size={20}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);
export const PaperclipIcon = () => (
  <Svg>
    <path d="m20 11-8.5 8.5a5 5 0 0 1-7-7L13 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L14 7" />
  </Svg>
);
export const ChatIcon = () => (
  <Svg size={26}>
    <path d="M4 5h16v11H9l-5 4z" />
  </Svg>
);
export const ExchangeIcon = () => (
  <Svg size={40}>
    <path d="M4 8h13l-3-3M20 16H7l3 3" />
  </Svg>
);
export const ShieldIcon = () => (
  <Svg size={40}>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
    <path d="m9 12 2 2 4-4" />
  </Svg>
);
export const SupportIcon = () => (
  <Svg size={40}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="14" width="4" height="6" rx="1" />
    <rect x="17" y="14" width="4" height="6" rx="1" />
  </Svg>
);
export const ChevronIcon = ({ open }: { open: boolean }) => (
  <Svg size={16}>
    <path d={open ? "m6 15 6-6 6 6" : "m6 9 6 6 6-6"} />
  </Svg>
);
