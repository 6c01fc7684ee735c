import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DiscordDeliveryProblem } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { discordOutbox, discordWebhooks, type DiscordOutboxRow } from '../../db/schema.js';
import type {
  WebhookClient,
  WebhookOutcome,
  WebhookPayload,
} from '../../integrations/discord/webhook-client.js';
import type { Vault } from '../vault/keyring.js';
import { webhookAddress } from './webhook-setting.js';

/** How long an instance holds a post: more than a post takes with its rate-limit waits. */
const LEASE_MS = 5 * 60_000;
/** Attempts of a post Discord did not answer, 30 s, 1, 2, 4 minutes apart. */
const MAX_ATTEMPTS = 5;
const FIRST_BACKOFF_MS = 30_000;

/**
 * Queues a post to a destination, in the caller's transaction: it goes out only if what it
 * announces is saved. The same `dedupeKey` is queued once, whoever saves it and how often:
 * whether this call queued it is the answer.
 */
export async function enqueuePost(
  tx: Db,
  post: { destination: string; dedupeKey: string; payload: WebhookPayload },
): Promise<boolean> {
  const queued = await tx
    .insert(discordOutbox)
    .values({ id: newId(), ...post })
    .onConflictDoNothing({ target: discordOutbox.dedupeKey })
    .returning({ id: discordOutbox.id });
  return queued.length > 0;
}

/**
 * Takes the oldest due post whose destination is not stopped, for LEASE_MS: the conditional
 * update lets one instance have it (a second one finds the lease taken and takes none).
 */
async function claimNext(db: Db): Promise<DiscordOutboxRow | undefined> {
  const free = or(isNull(discordOutbox.leaseUntil), lt(discordOutbox.leaseUntil, sql`now()`));
  const due = db
    .select({ id: discordOutbox.id })
    .from(discordOutbox)
    .innerJoin(discordWebhooks, eq(discordWebhooks.id, discordOutbox.destination))
    .where(
      and(
        eq(discordOutbox.status, 'pending'),
        lte(discordOutbox.notBefore, sql`now()`),
        free,
        eq(discordWebhooks.stopped, false),
      ),
    )
    .orderBy(asc(discordOutbox.sequence))
    .limit(1);
  const [claimed] = await db
    .update(discordOutbox)
    .set({
      leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
      attempts: sql`${discordOutbox.attempts} + 1`,
    })
    .where(and(inArray(discordOutbox.id, due), eq(discordOutbox.status, 'pending'), free))
    .returning();
  return claimed;
}

const PROBLEMS: Record<
  Exclude<WebhookOutcome['kind'], 'sent' | 'rate_limited'>,
  DiscordDeliveryProblem
> = {
  deleted: 'webhook_deleted',
  refused: 'webhook_refused',
  message_refused: 'message_refused',
  unreachable: 'discord_unreachable',
};

/** Writes what became of a claimed post, and of its destination. */
async function record(db: Db, post: DiscordOutboxRow, outcome: WebhookOutcome): Promise<void> {
  const now = new Date();
  const mine = and(eq(discordOutbox.id, post.id), eq(discordOutbox.status, 'pending'));
  const destination = eq(discordWebhooks.id, post.destination);
  if (outcome.kind === 'sent') {
    await db
      .update(discordOutbox)
      .set({ status: 'sent', sentAt: now, leaseUntil: null, lastError: null })
      .where(mine);
    // A post that went through ends the report of an earlier one that did not.
    await db
      .update(discordWebhooks)
      .set({ problem: null, problemAt: null })
      .where(and(destination, eq(discordWebhooks.stopped, false)));
    return;
  }
  if (outcome.kind === 'rate_limited') {
    // Not an attempt: Discord said when to come back.
    await db
      .update(discordOutbox)
      .set({
        leaseUntil: null,
        attempts: post.attempts - 1,
        notBefore: new Date(now.getTime() + outcome.retryAfterMs),
      })
      .where(mine);
    return;
  }
  const problem = PROBLEMS[outcome.kind];
  const retry = outcome.kind === 'unreachable' && post.attempts < MAX_ATTEMPTS;
  await db
    .update(discordOutbox)
    .set(
      retry
        ? {
            leaseUntil: null,
            lastError: problem,
            notBefore: new Date(now.getTime() + FIRST_BACKOFF_MS * 2 ** (post.attempts - 1)),
          }
        : { status: 'failed', leaseUntil: null, lastError: problem },
    )
    .where(mine);
  // A deleted or refused webhook is never asked again: its posts wait for a new URL.
  const stops = outcome.kind === 'deleted' || outcome.kind === 'refused';
  await db
    .update(discordWebhooks)
    .set({ problem, problemAt: now, ...(stops && { stopped: true }) })
    .where(destination);
}

/**
 * Sends the due posts one at a time, each claimed first, until none is due or `shouldStop`
 * says the server is stopping. Returns how many went out.
 */
export async function deliverDuePosts(deps: {
  db: Db;
  vault: Vault;
  client: WebhookClient;
  shouldStop?: () => boolean;
}): Promise<number> {
  let sent = 0;
  while (!deps.shouldStop?.()) {
    const post = await claimNext(deps.db);
    if (!post) break;
    const [webhook] = await deps.db
      .select()
      .from(discordWebhooks)
      .where(eq(discordWebhooks.id, post.destination));
    if (!webhook || webhook.stopped) {
      // Removed or stopped since the claim: the post waits (or went with its webhook).
      await deps.db
        .update(discordOutbox)
        .set({ leaseUntil: null })
        .where(eq(discordOutbox.id, post.id));
      continue;
    }
    const outcome = await deps.client.execute(
      webhookAddress(deps.vault, webhook),
      post.payload as WebhookPayload,
    );
    await record(deps.db, post, outcome);
    if (outcome.kind === 'sent') sent += 1;
  }
  return sent;
}
