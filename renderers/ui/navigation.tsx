// Links and navigation for renderers, which know no router: the app provides both at its root from
// its router (src/app/routes/root.tsx). Without a provider (a renderer mounted alone, a test) a link
// is a plain anchor and navigate() loads the page.
import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';

/** An anchor for a path held as data: a real href, so opening it in a new tab works. */
export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

export interface Navigation {
  Link: ComponentType<LinkProps>;
  navigate: (href: string) => void;
}

function PlainLink(props: LinkProps) {
  return <a {...props} />;
}

const pageLoad: Navigation = { Link: PlainLink, navigate: (href) => window.location.assign(href) };

const NavigationContext = createContext<Navigation>(pageLoad);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}
