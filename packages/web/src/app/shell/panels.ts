/** The right-hand panels of the shell. Settings is the default one. */
export type PanelKind = 'settings' | 'notifications' | 'reports' | 'business-intelligence' | 'products-ads';

export const PANEL_TITLES: Record<PanelKind, string> = {
  settings: 'Settings',
  notifications: 'Notifications',
  reports: 'Reports',
  'business-intelligence': 'Business Intelligence',
  'products-ads': 'Products Ads',
};

const OVERLAY_TITLES: Record<string, PanelKind> = {
  Reports: 'reports',
  'Business Intelligence': 'business-intelligence',
  'Products Ads': 'products-ads',
  Advertisements: 'products-ads',
};

/** Overlay menu entries name the panel they open by their title. */
export function overlayPanelOf(title: string): PanelKind | undefined {
  return OVERLAY_TITLES[title];
}
