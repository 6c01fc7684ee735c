/** Organisation-wide roles, from most to least privileged. */
export const ROLES = ['admin', 'user', 'guest', 'invited'] as const;
export type Role = (typeof ROLES)[number];

/** Games a member can list login names for. */
export const LOGIN_GAMES = ['leagueoflegends', 'valorant', 'fortnite'] as const;
export type LoginGame = (typeof LOGIN_GAMES)[number];

/** Games an esport team can play. */
export const TEAM_GAMES = ['leagueoflegends', 'valorant', 'fortnite', 'ssbu'] as const;
export type TeamGame = (typeof TEAM_GAMES)[number];

export const TEAM_TYPES = ['transversal', 'esport'] as const;
export type TeamType = (typeof TEAM_TYPES)[number];

export const TEAM_NAME_MAX_LENGTH = 64;
export const TEAM_ROLE_NAME_MAX_LENGTH = 48;
export const TEAM_ROLES_MAX = 20;
export const TEAM_ROLE_MEMBERS_MAX = 200;

export const ALERT_TYPES = ['success', 'warn', 'infos'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_STATUSES = ['active', 'inactive'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_MESSAGE_MAX_LENGTH = 2000;
export const ALERT_CONDITION_MAX_LENGTH = 500;

/** Logo upload: JPG or PNG, at most 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export const PASSWORD_AUDIT_ACTIONS = [
  'reveal',
  'create',
  'update',
  'delete',
  'rules_changed',
] as const;
export type PasswordAuditAction = (typeof PASSWORD_AUDIT_ACTIONS)[number];
export const PASSWORD_MAX_LENGTH = 512;

/** League tab: games shown first and per 'show more', and the statistics window (15 days). */
export const LEAGUE_GAMES_PAGE = 5;
export const LEAGUE_STATS_WINDOW_MS = 1_296_000_000;
export const LEAGUE_GAMES_MAX = 100;
/** Riot IDs per member: each one costs Riot API calls on every profile view. */
export const LEAGUE_LOGINS_MAX = 5;
/** A member profile's League data is fetched again from Riot on demand at most this often. */
export const LEAGUE_REFRESH_COOLDOWN_MS = 5 * 60_000;

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

/** The look a member asks for: the device's setting, or always light, or always dark. */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export const DEFAULT_THEME_PREFERENCE: ThemePreference = 'system';

export const PSEUDO_MIN_LENGTH = 2;
export const PSEUDO_MAX_LENGTH = 32;

/** Social accounts a member links through OAuth (Discord is the sign-in itself). */
export const LINK_PROVIDERS = ['twitch', 'twitter'] as const;
export type LinkProvider = (typeof LINK_PROVIDERS)[number];

/** Reasons a linking attempt can fail; the connections tab shows them from `?link_error=`. */
export const LINK_ERRORS = [
  'access_denied',
  'invalid_state',
  'provider_unavailable',
  'already_linked',
] as const;
export type LinkError = (typeof LINK_ERRORS)[number];

/** Members the list shows first, and more each time the admin asks (decision 061). */
export const DEFAULT_USER_PAGE_SIZE = 50;
/** Most members one page of the list holds, and the longest search of a pseudo it takes. */
export const USER_LIST_MAX_LIMIT = 100;
/** The longest value of a sort key a cursor of the member list holds (a name, in lower case). */
export const USER_SORT_KEY_MAX_LENGTH = 256;
export const USER_SEARCH_MAX_LENGTH = 64;
/** Sort keys of the member list; a leading '-' sorts descending. */
export const USER_SORT_FIELDS = [
  'pseudo',
  'name',
  'surname',
  'birthday',
  'role',
  'created_at',
] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
/** How many newest members GET /api/users/latest answers. */
export const LATEST_USERS_COUNT = 5;
/** Members an admin may pick one by one for a change of membership (a filter takes any number). */
export const MEMBERSHIP_CHANGE_MAX_IDS = 1000;
/** Team roles one change of membership may add or remove. */
export const MEMBERSHIP_CHANGE_MAX_TEAM_ROLES = 50;

/** Game login lists: per login and per game. */
export const GAME_LOGIN_MAX_LENGTH = 64;
export const GAME_LOGINS_PER_GAME = 20;

/** Width under which the sidebar becomes an overlay. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Error codes the API answers with, in `{ error: { code } }`. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'user_not_found',
  'pseudo_taken',
  'pseudo_look_alike',
  'last_admin',
  'cannot_delete_self',
  'selection_changed',
  'account_already_linked',
  'team_not_found',
  'team_name_taken',
  'alert_not_found',
  'event_not_found',
  'rsvp_closed',
  'event_cancelled',
  'attendance_not_open',
  'season_not_found',
  'season_overlap',
  'season_has_points',
  'no_current_season',
  'milestone_not_found',
  'milestone_threshold_taken',
  'manager_limit_reached',
  'team_member_not_found',
  'badge_not_found',
  'password_not_found',
  'vault_key_rotated',
  'riot_id_not_found',
  'riot_id_taken',
  'riot_unavailable',
  'riot_not_configured',
  'riot_rate_limited',
  'discord_not_configured',
  'discord_unavailable',
  'discord_sync_running',
  'member_not_on_discord',
  'discord_members_intent_missing',
  'invalid_discord_webhook_url',
  'discord_webhook_unknown',
  'discord_webhook_not_configured',
  'invalid_condition',
  'import_refused',
  'unsupported_media_type',
  'invalid_image',
  'conflict',
  'payload_too_large',
  'uri_too_long',
  'headers_too_large',
  'rate_limited',
  'cross_origin_refused',
  'host_not_allowed',
  'database_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Reasons a sign-in can fail; the landing page shows them from `/?auth_error=`. */
export const AUTH_ERRORS = [
  'access_denied',
  'invalid_state',
  'provider_unavailable',
  'not_guild_member',
  'account_unavailable',
] as const;
export type AuthError = (typeof AUTH_ERRORS)[number];

/** League of Legends platforms (Riot's routing values): the server's RIOT_PLATFORM is one. */
export const RIOT_PLATFORMS = [
  'br1',
  'eun1',
  'euw1',
  'jp1',
  'kr',
  'la1',
  'la2',
  'me1',
  'na1',
  'oc1',
  'ph2',
  'ru',
  'sg2',
  'th2',
  'tr1',
  'tw2',
  'vn2',
] as const;
export type RiotPlatform = (typeof RIOT_PLATFORMS)[number];

// Constants that the screens use without checking anything: here, in a module without zod, so
// that a screen using one does not bring zod and the schemas along (decision 045).

/** The member list's role names and icons (GET /api/roles). */
export const ROLE_DEFINITIONS: Record<Role, { name: string; icon: string }> = {
  admin: { name: 'Administrator', icon: 'shield-check' },
  user: { name: 'Member', icon: 'user-check' },
  guest: { name: 'Guest', icon: 'user' },
  invited: { name: 'Invited', icon: 'mail' },
};

/** Each game's field of game logins on a member. */
export const GAME_LOGIN_FIELDS = {
  leagueoflegends: 'leagueoflegends_login',
  valorant: 'valorant_login',
  fortnite: 'fortnite_login',
} as const satisfies Record<LoginGame, `${LoginGame}_login`>;

/** A Riot ID: gameName (3 to 16 characters) # tagLine (3 to 5 letters or digits). */
export const RIOT_ID_PATTERN = /^[^#]{3,16}#[\p{L}\p{N}]{3,5}$/u;

/** A member's answers to an event's invitation. */
export const RSVP_ANSWERS = ['going', 'maybe', 'not_going'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

/** What a manager marks for each invited member after an occurrence. */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** The ranked queues whose ranks are kept each day, the main one first. */
export const RANKED_QUEUES = ['RANKED_SOLO_5x5', 'RANKED_FLEX_SR'] as const;
export type RankedQueue = (typeof RANKED_QUEUES)[number];

/** League's tiers, lowest first. */
export const LEAGUE_TIERS = [
  'IRON',
  'BRONZE',
  'SILVER',
  'GOLD',
  'PLATINUM',
  'EMERALD',
  'DIAMOND',
  'MASTER',
  'GRANDMASTER',
  'CHALLENGER',
] as const;
export type LeagueTier = (typeof LEAGUE_TIERS)[number];

/** Tiers without divisions: their players are told apart by League points alone. */
export const APEX_TIERS: readonly LeagueTier[] = ['MASTER', 'GRANDMASTER', 'CHALLENGER'];

/** Divisions, lowest first. */
export const LEAGUE_DIVISIONS = ['IV', 'III', 'II', 'I'] as const;

/**
 * A rank as one number, for drawing: 100 per division and 400 per tier below Master (Iron IV
 * 0 LP is 0, Gold IV 0 LP is 1200), then Master's 0 LP (2800) plus League points, which is
 * how Grandmaster and Challenger are told apart from Master.
 */
export const LEAGUE_TIER_SPAN = 400;
export const APEX_RANK_VALUE = LEAGUE_TIER_SPAN * LEAGUE_TIERS.indexOf('MASTER');

/** The rank's number for drawing; tiers Riot may add later count as Iron. */
export function leagueRankValue(rank: {
  tier: string;
  division: string | null;
  leaguePoints: number;
}): number {
  const tier = Math.max(0, LEAGUE_TIERS.indexOf(rank.tier as LeagueTier));
  if (tier * LEAGUE_TIER_SPAN >= APEX_RANK_VALUE) return APEX_RANK_VALUE + rank.leaguePoints;
  const division = Math.max(0, LEAGUE_DIVISIONS.indexOf(rank.division as never));
  return tier * LEAGUE_TIER_SPAN + division * 100 + Math.min(rank.leaguePoints, 100);
}
