import { cancelEventsLeftWithoutAudience } from './services/events/cancel-orphaned-events.js';
import { announceAlert } from './services/discord-webhooks/announce-alert.js';
import { forgetTeamWebhook } from './services/discord-webhooks/webhook-setting.js';
import type { Reactions } from './services/happenings.js';
import { grantAttendancePoints } from './services/points/attendance-points.js';
import { grantLeaguePoints } from './services/points/league-points.js';
import { countMemberOut } from './services/points/member-leaving.js';
import { applyAdhesionChange } from './services/points/membership-points.js';

/**
 * Who reacts to what a domain announces (decision 064), in the transaction that announces it.
 * A source never imports its listeners: each reaction goes up the order of the domains
 * (docs/ARCHITECTURE.md), and this table, above them all, is the one place that joins them.
 * `buildApp` installs it, and `main` before the demo seed, which runs before the app.
 */
export const REACTIONS: Reactions = {
  adhesionChanged: [applyAdhesionChange],
  memberLeaving: [countMemberOut],
  alertSaved: [announceAlert],
  teamDeleted: [cancelEventsLeftWithoutAudience, forgetTeamWebhook],
  teamRolesDeleted: [cancelEventsLeftWithoutAudience],
  attendanceSettled: [grantAttendancePoints],
  leagueRankRecorded: [grantLeaguePoints],
};
