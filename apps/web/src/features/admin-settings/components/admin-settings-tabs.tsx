import type { Ability } from '@guildhall/contract';
import type { ComponentType } from 'react';
import { AlertsTab } from './alerts/alerts-tab';
import { DiscordTab } from './discord/discord-tab';
import { OrganizationTab } from './organization/organization-tab';
import { PasswordsTab } from './passwords/passwords-tab';
import { PointsTab } from './points/points-tab';
import { TeamsTab } from './teams/teams-tab';

/*
 * The tabs of the admin settings, in the order shown. A tab's screen replaces its stand-in here
 * when it is built; the page reads everything else (labels, address, panels) from this table.
 */
export const ADMIN_SETTINGS_TABS = [
  'organization',
  'alerts',
  'teams',
  'passwords',
  'discord',
  'points',
] as const;
export type AdminSettingsTab = (typeof ADMIN_SETTINGS_TABS)[number];

export const ADMIN_SETTINGS_PANELS: Record<AdminSettingsTab, ComponentType> = {
  organization: OrganizationTab,
  alerts: AlertsTab,
  teams: TeamsTab,
  passwords: PasswordsTab,
  discord: DiscordTab,
  points: PointsTab,
};

/** The ability a tab's screen needs: the page shows the tabs the member's abilities open. */
export const ADMIN_SETTINGS_TAB_ABILITIES: Record<AdminSettingsTab, Ability> = {
  organization: 'manage:organization',
  alerts: 'manage:alerts',
  teams: 'manage:teams',
  passwords: 'manage:passwords',
  discord: 'manage:discord',
  points: 'manage:points',
};

export const isAdminSettingsTab = (value: string | null): value is AdminSettingsTab =>
  ADMIN_SETTINGS_TABS.some((tab) => tab === value);
