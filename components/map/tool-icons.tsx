/** Line icons of the map tools, inline like components/icons.tsx (which stays Leaflet-free). */
import type { ReactNode } from 'react';
import type { MapTool } from './types';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const PATHS: Record<MapTool, ReactNode> = {
  rectangle: <rect x="4" y="6" width="16" height="12" rx="1" />,
  polygon: <path d="M5 8l7-4 7 5-2 9H7z" />,
  distance: (
    <>
      <path d="M4 18L20 6" />
      <path d="M4 14v4h4M20 10V6h-4" />
    </>
  ),
  area: (
    <>
      <path d="M4 20h16V4z" />
      <path d="M10 20v-4M15 20v-9" />
    </>
  ),
};

export function ToolIcon({ tool }: { tool: MapTool }) {
  return <Icon>{PATHS[tool]}</Icon>;
}
