/**
 * Riot API answers in their documented shapes (developer.riotgames.com: account-v1 AccountDto,
 * league-v4 LeagueEntryDTO, match-v5 MatchDto with ten ParticipantDto), every field Riot sends,
 * so that parsing is tested against what Riot really answers and not against what we read.
 */

export interface FakeRiotAccount {
  puuid: string;
  gameName: string;
  tagLine: string;
}

/** What a test says about a ranked queue; the rest of LeagueEntryDTO is filled in. */
export interface FakeRank {
  queueType: 'RANKED_SOLO_5x5' | 'RANKED_FLEX_SR' | string;
  tier: string;
  /** The division, I to IV. */
  rank: string;
  leaguePoints: number;
  wins: number;
  losses: number;
}

/** One of the ten players of a game; the others are made up. */
export interface FakePlayer {
  puuid: string;
  gameName: string;
  tagLine: string;
  championName?: string;
  kills?: number;
  deaths?: number;
  assists?: number;
  win?: boolean;
  /** item0 to item6; missing slots are empty (0). */
  items?: number[];
  /** 100 (blue) or 200 (red); by default the winners are blue. */
  teamId?: 100 | 200;
}

export interface FakeMatchSpec {
  matchId: string;
  gameStartTimestamp: number;
  /** Seconds. */
  gameDuration?: number;
  /** 420 ranked solo, 440 ranked flex, 400 normal draft... */
  queueId?: number;
  /** Ended by an early surrender (a remake, typically after 3 to 4 minutes). */
  remake?: boolean;
  players: FakePlayer[];
}

export function leagueEntry(puuid: string, rank: FakeRank) {
  return {
    leagueId: `league-${rank.tier.toLowerCase()}-${rank.queueType.toLowerCase()}`,
    puuid,
    queueType: rank.queueType,
    tier: rank.tier,
    rank: rank.rank,
    leaguePoints: rank.leaguePoints,
    wins: rank.wins,
    losses: rank.losses,
    hotStreak: false,
    veteran: false,
    freshBlood: rank.wins + rank.losses < 20,
    inactive: false,
  };
}

const CHAMPIONS = [
  ['Ahri', 103],
  ['Jinx', 222],
  ['LeeSin', 64],
  ['Thresh', 412],
  ['Garen', 86],
  ['Lux', 99],
  ['Yasuo', 157],
  ['Ezreal', 81],
  ['Leona', 89],
  ['Darius', 122],
  // Riot's internal names that are not the display name, nor always Data Dragon's picture name.
  ['FiddleSticks', 9],
  ['MonkeyKing', 62],
  ['Chogath', 31],
  ['KSante', 897],
  ['DrMundo', 36],
] as const;
const POSITIONS = ['TOP', 'JUNGLE', 'MIDDLE', 'BOTTOM', 'UTILITY'] as const;

function championId(name: string): number {
  return CHAMPIONS.find(([champion]) => champion === name)?.[1] ?? 1;
}

/** A whole MatchDto: metadata, info, teams and ten participants with every field Riot sends. */
export function matchPayload(spec: FakeMatchSpec) {
  const queueId = spec.queueId ?? 420;
  const gameDuration = spec.gameDuration ?? 1_800;
  const gameCreation = spec.gameStartTimestamp - 45_000;
  const [platformId, gameIdText] = spec.matchId.split('_');
  const gameId = Number(gameIdText ?? 0);
  const winningTeam = spec.players[0]?.win === false ? 200 : 100;
  const players: Required<FakePlayer>[] = [];
  for (let index = 0; index < 10; index++) {
    const given = spec.players[index];
    const teamId: 100 | 200 = given?.teamId ?? (index < 5 ? 100 : 200);
    players.push({
      puuid: given?.puuid ?? `${spec.matchId}-player-${index}`,
      gameName: given?.gameName ?? `Player${index}`,
      tagLine: given?.tagLine ?? 'EUW',
      championName: given?.championName ?? CHAMPIONS[index]![0],
      kills: given?.kills ?? (index * 3) % 11,
      deaths: given?.deaths ?? (index * 5) % 7,
      assists: given?.assists ?? (index * 7) % 13,
      win: given?.win ?? teamId === winningTeam,
      items: given?.items ?? [3031, 3006, 1038, 0, 0, 0, 3340],
      teamId,
    });
  }
  return {
    metadata: {
      dataVersion: '2',
      matchId: spec.matchId,
      participants: players.map((player) => player.puuid),
    },
    info: {
      endOfGameResult: 'GameComplete',
      gameCreation,
      gameDuration,
      gameEndTimestamp: spec.gameStartTimestamp + gameDuration * 1_000,
      gameId,
      gameMode: 'CLASSIC',
      gameName: `teambuilder-match-${gameId}`,
      gameStartTimestamp: spec.gameStartTimestamp,
      gameType: 'MATCHED_GAME',
      gameVersion: '15.3.652.4781',
      mapId: 11,
      participants: players.map((player, index) => ({
        ...participantPayload(player, index, gameDuration),
        gameEndedInEarlySurrender: spec.remake ?? false,
      })),
      platformId: platformId ?? 'EUW1',
      queueId,
      teams: ([100, 200] as const).map((teamId) => teamPayload(teamId, players)),
      tournamentCode: '',
    },
  };
}

function teamPayload(teamId: 100 | 200, players: Required<FakePlayer>[]) {
  const members = players.filter((player) => player.teamId === teamId);
  const win = members[0]?.win ?? false;
  const objective = (kills: number, first = win) => ({ first, kills });
  return {
    bans: members.map((_, index) => ({ championId: 200 + index, pickTurn: index + 1 })),
    feats: {
      EPIC_MONSTER_KILL: { featState: win ? 1 : 0 },
      FIRST_BLOOD: { featState: win ? 1 : 0 },
      FIRST_TURRET: { featState: win ? 1 : 0 },
    },
    objectives: {
      atakhan: objective(win ? 1 : 0),
      baron: objective(win ? 1 : 0),
      champion: objective(members.reduce((sum, player) => sum + player.kills, 0)),
      dragon: objective(win ? 3 : 1),
      horde: objective(win ? 4 : 2),
      inhibitor: objective(win ? 2 : 0),
      riftHerald: objective(win ? 1 : 0),
      tower: objective(win ? 9 : 3),
    },
    teamId,
    win,
  };
}

function participantPayload(player: Required<FakePlayer>, index: number, gameDuration: number) {
  const items = Array.from({ length: 7 }, (_, slot) => player.items[slot] ?? 0);
  const position = POSITIONS[index % 5]!;
  const damage = 12_000 + index * 1_337;
  return {
    allInPings: 0,
    assistMePings: index % 3,
    assists: player.assists,
    baronKills: 0,
    basicPings: 0,
    bountyLevel: 0,
    challenges: {
      '12AssistStreakCount': 0,
      abilityUses: 180 + index * 10,
      damagePerMinute: Math.round(damage / (gameDuration / 60)),
      goldPerMinute: 380 + index * 5,
      kda: (player.kills + player.assists) / Math.max(1, player.deaths),
      killParticipation: 0.5,
      laneMinionsFirst10Minutes: 60 + index,
      perfectGame: 0,
      soloKills: player.kills > 5 ? 1 : 0,
      teamDamagePercentage: 0.2,
      visionScorePerMinute: 0.9,
    },
    champExperience: 14_000 + index * 300,
    champLevel: 15 + (index % 4),
    championId: championId(player.championName),
    championName: player.championName,
    championTransform: 0,
    commandPings: 1,
    consumablesPurchased: 3,
    damageDealtToBuildings: 2_000 + index * 100,
    damageDealtToObjectives: 5_000 + index * 200,
    damageDealtToTurrets: 2_000 + index * 100,
    damageSelfMitigated: 9_000 + index * 400,
    dangerPings: 0,
    deaths: player.deaths,
    detectorWardsPlaced: 2,
    doubleKills: player.kills > 4 ? 1 : 0,
    dragonKills: 0,
    eligibleForProgression: true,
    enemyMissingPings: 1,
    enemyVisionPings: 0,
    firstBloodAssist: false,
    firstBloodKill: index === 0,
    firstTowerAssist: false,
    firstTowerKill: index === 1,
    gameEndedInEarlySurrender: false,
    gameEndedInSurrender: false,
    getBackPings: 0,
    goldEarned: 11_000 + index * 250,
    goldSpent: 10_500 + index * 250,
    holdPings: 0,
    individualPosition: position,
    inhibitorKills: 0,
    inhibitorTakedowns: 0,
    inhibitorsLost: player.win ? 0 : 2,
    item0: items[0],
    item1: items[1],
    item2: items[2],
    item3: items[3],
    item4: items[4],
    item5: items[5],
    item6: items[6],
    itemsPurchased: 18,
    killingSprees: player.kills > 2 ? 1 : 0,
    kills: player.kills,
    lane: position === 'UTILITY' || position === 'BOTTOM' ? 'BOTTOM' : position,
    largestCriticalStrike: 0,
    largestKillingSpree: player.kills > 2 ? 3 : 0,
    largestMultiKill: player.kills > 4 ? 2 : 1,
    longestTimeSpentLiving: 600,
    magicDamageDealt: damage,
    magicDamageDealtToChampions: Math.round(damage / 2),
    magicDamageTaken: 8_000,
    missions: {
      playerScore0: 0,
      playerScore1: 0,
      playerScore2: 0,
      playerScore3: 0,
      playerScore4: 0,
      playerScore5: 0,
      playerScore6: 0,
      playerScore7: 0,
      playerScore8: 0,
      playerScore9: 0,
      playerScore10: 0,
      playerScore11: 0,
    },
    needVisionPings: 0,
    neutralMinionsKilled: position === 'JUNGLE' ? 160 : 8,
    nexusKills: 0,
    nexusLost: player.win ? 0 : 1,
    nexusTakedowns: player.win ? 1 : 0,
    objectivesStolen: 0,
    objectivesStolenAssists: 0,
    onMyWayPings: 2,
    participantId: index + 1,
    pentaKills: 0,
    perks: {
      statPerks: { defense: 5011, flex: 5008, offense: 5005 },
      styles: [
        {
          description: 'primaryStyle',
          selections: [
            { perk: 8005, var1: 1_200, var2: 800, var3: 400 },
            { perk: 9111, var1: 300, var2: 0, var3: 0 },
            { perk: 9104, var1: 12, var2: 0, var3: 0 },
            { perk: 8014, var1: 250, var2: 0, var3: 0 },
          ],
          style: 8000,
        },
        {
          description: 'subStyle',
          selections: [
            { perk: 8444, var1: 900, var2: 0, var3: 0 },
            { perk: 8451, var1: 120, var2: 0, var3: 0 },
          ],
          style: 8400,
        },
      ],
    },
    physicalDamageDealt: damage * 2,
    physicalDamageDealtToChampions: damage,
    physicalDamageTaken: 12_000,
    placement: 0,
    playerAugment1: 0,
    playerAugment2: 0,
    playerAugment3: 0,
    playerAugment4: 0,
    playerAugment5: 0,
    playerAugment6: 0,
    playerSubteamId: 0,
    profileIcon: 4_000 + index,
    pushPings: 0,
    puuid: player.puuid,
    quadraKills: 0,
    riotIdGameName: player.gameName,
    riotIdTagline: player.tagLine,
    role: position === 'UTILITY' ? 'SUPPORT' : position === 'BOTTOM' ? 'CARRY' : 'SOLO',
    sightWardsBoughtInGame: 0,
    spell1Casts: 40,
    spell2Casts: 30,
    spell3Casts: 20,
    spell4Casts: 8,
    subteamPlacement: 0,
    summoner1Casts: 4,
    summoner1Id: 4,
    summoner2Casts: 3,
    summoner2Id: position === 'JUNGLE' ? 11 : 14,
    summonerId: `summoner-${player.puuid.slice(0, 12)}`,
    summonerLevel: 120 + index,
    summonerName: '',
    teamEarlySurrendered: false,
    teamId: player.teamId,
    teamPosition: position,
    timeCCingOthers: 20,
    timePlayed: gameDuration,
    totalAllyJungleMinionsKilled: position === 'JUNGLE' ? 120 : 0,
    totalDamageDealt: damage * 3,
    totalDamageDealtToChampions: damage,
    totalDamageShieldedOnTeammates: position === 'UTILITY' ? 3_000 : 0,
    totalDamageTaken: 20_000,
    totalEnemyJungleMinionsKilled: position === 'JUNGLE' ? 20 : 0,
    totalHeal: 3_000,
    totalHealsOnTeammates: position === 'UTILITY' ? 2_000 : 0,
    totalMinionsKilled: position === 'UTILITY' ? 30 : 190,
    totalTimeCCDealt: 200,
    totalTimeSpentDead: player.deaths * 25,
    totalUnitsHealed: 1,
    tripleKills: 0,
    trueDamageDealt: 1_500,
    trueDamageDealtToChampions: 400,
    trueDamageTaken: 600,
    turretKills: 1,
    turretTakedowns: 2,
    turretsLost: player.win ? 3 : 9,
    unrealKills: 0,
    visionClearedPings: 0,
    visionScore: 20 + index,
    visionWardsBoughtInGame: 2,
    wardsKilled: 3,
    wardsPlaced: 10,
    win: player.win,
  };
}
