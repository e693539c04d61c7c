/**
 * The Manage site page's sections (issue 15; spec 03 §2.1 "Manage site", §3.4 `AvailableConfigSections`): each is a
 * component of its own that decides from the descriptor whether the caller may change it, so a new section is one
 * import and one row here. The page shows the rows whose `offered` holds, in this order.
 */
import type { ComponentType } from 'react';
import type { FullApiDescriptor } from '@magpie/api-types';
import { AppearanceSection } from './AppearanceSection.tsx';
import { FooterSettingsSection } from '../footer/FooterSettingsSection.tsx';

/** A section of the Manage site page. */
export interface ManagementSection {
  /** Stable id: the section's anchor and `data-testid` (`management-section-<id>`). */
  readonly id: string;
  /** Its heading. */
  readonly title: string;
  /** Whether the descriptor lets the caller change it (its links are offered). */
  offered(descriptor: FullApiDescriptor): boolean;
  /** The section's content (its own loads, forms and errors). */
  readonly Component: ComponentType;
}

/** Every section, in page order. */
export const MANAGEMENT_SECTIONS: readonly ManagementSection[] = [
  // The custom CSS and the title-bar buttons (changeSiteAppearance: the descriptor's `appearance.admin`).
  { id: 'appearance', title: 'Appearance', offered: (d) => Boolean(d.appearance?.admin), Component: AppearanceSection },
  // The footer's Markdown (issue 15, spec 02 §2; manageSettings).
  { id: 'footer', title: 'Footer', offered: (d) => d.permissions?.hasManageSettingsPermission === true, Component: FooterSettingsSection },
];
