// Folder icons (stroke, currentColor), drawn like components/ui/icons.tsx. Decorative: aria-hidden.
import type { SVGProps } from "react";

type P = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 16, children, ...rest }: P & { children: React.ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

const FOLDER = "M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2z";
export const IconFolder = (p: P) => <Svg {...p}><path d={FOLDER} /></Svg>;
export const IconFolderPlus = (p: P) => <Svg {...p}><path d={FOLDER} /><path d="M12 11v6M9 14h6" /></Svg>;
export const IconFolderMove = (p: P) => <Svg {...p}><path d={FOLDER} /><path d="M9 14h6M13 11l3 3-3 3" /></Svg>;
export const IconInbox = (p: P) => <Svg {...p}><path d="M22 12h-6l-2 3h-4l-2-3H2" /><path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" /></Svg>;
export const IconStack = (p: P) => <Svg {...p}><path d="m12 2 10 5-10 5L2 7z" /><path d="m2 17 10 5 10-5M2 12l10 5 10-5" /></Svg>;
