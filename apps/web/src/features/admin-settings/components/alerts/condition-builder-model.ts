import { type Role, ROLES } from '@guildhall/contract';

/*
 * The alert condition builder's model: a few criteria on the member, joined by "and" or "or",
 * and the condition text they make (docs/alert-conditions.md). `readBuilder` reads back only the
 * text of the builder's own shape; anything else stays in the text form.
 */

/** The criteria the builder offers, in the order it shows them. */
export const CRITERIA = ['roles', 'teams', 'team_roles', 'adhesion', 'profile_complete'] as const;
export type CriterionKind = (typeof CRITERIA)[number];

export type Criterion =
  | { kind: 'roles'; values: Role[] }
  | { kind: 'teams' | 'team_roles'; values: string[] }
  | { kind: 'adhesion' | 'profile_complete'; value: boolean };

export type Combinator = 'and' | 'or';

export interface BuilderCondition {
  /** All the criteria must hold ("and"), or any of them ("or"). */
  combinator: Combinator;
  /** At most one criterion of each kind; none: everyone. */
  criteria: Criterion[];
}

export const EVERYONE: BuilderCondition = { combinator: 'and', criteria: [] };

/** A new criterion of a kind, before the admin picks its values. */
export const newCriterion = (kind: CriterionKind): Criterion =>
  kind === 'roles'
    ? { kind, values: [] }
    : kind === 'teams' || kind === 'team_roles'
      ? { kind, values: [] }
      : { kind, value: true };

const quote = (text: string) => `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

/** The criterion as a condition; undefined while it has no value picked (it counts for nothing). */
function termOf(criterion: Criterion): { text: string; alternatives: number } | undefined {
  switch (criterion.kind) {
    case 'roles': {
      const [only, ...others] = criterion.values;
      if (only === undefined) return undefined;
      return others.length === 0
        ? { text: `role == ${quote(only)}`, alternatives: 1 }
        : { text: `role in (${criterion.values.map(quote).join(', ')})`, alternatives: 1 };
    }
    case 'teams':
    case 'team_roles':
      if (criterion.values.length === 0) return undefined;
      return {
        text: criterion.values.map((value) => `${quote(value)} in ${criterion.kind}`).join(' or '),
        alternatives: criterion.values.length,
      };
    case 'adhesion':
    case 'profile_complete':
      return { text: criterion.value ? criterion.kind : `not ${criterion.kind}`, alternatives: 1 };
  }
}

/** The condition the builder makes: `true` when no criterion counts. */
export function writeBuilder({ combinator, criteria }: BuilderCondition): string {
  const terms = criteria.flatMap((criterion) => termOf(criterion) ?? []);
  if (terms.length === 0) return 'true';
  return terms
    .map(({ text, alternatives }) =>
      // "or" binds looser than "and": several teams under "and" need their parentheses.
      alternatives > 1 && combinator === 'and' && terms.length > 1 ? `(${text})` : text,
    )
    .join(` ${combinator} `);
}

type Token = { kind: 'string' | 'word' | 'symbol'; value: string };

/** The condition's tokens, or undefined when it holds anything the builder never writes. */
function tokenize(source: string): Token[] | undefined {
  const tokens: Token[] = [];
  const pattern = /\s*(?:"((?:[^"\\]|\\[\\"])*)"|([A-Za-z_][A-Za-z0-9_]*)|(==|[(),]))/y;
  let index = 0;
  while (index < source.length) {
    if (source.slice(index).trim() === '') break;
    pattern.lastIndex = index;
    const match = pattern.exec(source);
    if (!match) return undefined;
    index = pattern.lastIndex;
    const [, text, word, symbol] = match;
    if (text !== undefined) tokens.push({ kind: 'string', value: text.replace(/\\(.)/g, '$1') });
    else if (word !== undefined) tokens.push({ kind: 'word', value: word });
    else tokens.push({ kind: 'symbol', value: symbol ?? '' });
  }
  return tokens;
}

/** One term of the builder's shape, as a criterion and the combinator it was joined with. */
type Term = { criterion: Criterion; joinedBy?: Combinator | undefined };

/** Reads the builder's own shape of condition; anything else is undefined. */
class Reader {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  read(): BuilderCondition | undefined {
    if (this.tokens.length === 1 && this.isWord('true')) return EVERYONE;
    const [first, ...rest] = this.terms();
    if (!first || this.index !== this.tokens.length) return undefined;
    const combinator = rest.find((term) => term.joinedBy)?.joinedBy ?? 'and';
    if (rest.some((term) => term.joinedBy !== combinator)) return undefined;
    const criteria: Criterion[] = [];
    for (const { criterion } of [first, ...rest]) {
      const same = criteria.find((known) => known.kind === criterion.kind);
      if (!same) criteria.push(criterion);
      // Under "or", two terms of one kind are one criterion with the values of both.
      else if (combinator === 'or' && 'values' in same && 'values' in criterion)
        same.values = [...new Set([...same.values, ...criterion.values])] as Role[];
      else return undefined;
    }
    return { combinator, criteria };
  }

  /** Terms joined by "and" or "or", each with the word before it. */
  private terms(): Term[] {
    const terms: Term[] = [];
    let joinedBy: Combinator | undefined;
    for (;;) {
      const criterion = this.term();
      if (!criterion) return [];
      terms.push({ criterion, joinedBy });
      const next = this.peek();
      if (next?.kind !== 'word' || (next.value !== 'and' && next.value !== 'or')) return terms;
      joinedBy = next.value;
      this.index++;
    }
  }

  private term(): Criterion | undefined {
    if (this.isSymbol('(')) {
      // Parentheses hold the alternatives of one list criterion: "A" in teams or "B" in teams.
      this.index++;
      const inner = this.terms();
      if (!this.isSymbol(')')) return undefined;
      this.index++;
      const kind = inner[0]?.criterion.kind;
      if (kind !== 'teams' && kind !== 'team_roles') return undefined;
      const values: string[] = [];
      for (const { criterion, joinedBy } of inner) {
        if (criterion.kind !== kind || (joinedBy && joinedBy !== 'or')) return undefined;
        values.push(...criterion.values);
      }
      return { kind, values: [...new Set(values)] };
    }
    const negated = this.isWord('not');
    if (negated) this.index++;
    const token = this.take();
    if (
      token?.kind === 'word' &&
      (token.value === 'adhesion' || token.value === 'profile_complete')
    )
      return { kind: token.value, value: !negated };
    if (negated) return undefined;
    if (token?.kind === 'string' && this.isWord('in')) {
      this.index++;
      const field = this.take();
      if (field?.kind === 'word' && (field.value === 'teams' || field.value === 'team_roles'))
        return { kind: field.value, values: [token.value] };
      return undefined;
    }
    if (token?.kind === 'word' && token.value === 'role') return this.roles();
    return undefined;
  }

  private roles(): Criterion | undefined {
    const values: string[] = [];
    if (this.isSymbol('==')) {
      this.index++;
      const value = this.take();
      if (value?.kind !== 'string') return undefined;
      values.push(value.value);
    } else if (this.isWord('in')) {
      this.index++;
      if (!this.isSymbol('(')) return undefined;
      do {
        this.index++;
        const value = this.take();
        if (value?.kind !== 'string') return undefined;
        values.push(value.value);
      } while (this.isSymbol(','));
      if (!this.isSymbol(')')) return undefined;
      this.index++;
    } else return undefined;
    const roles = values.filter((value): value is Role =>
      (ROLES as readonly string[]).includes(value),
    );
    return roles.length === values.length ? { kind: 'roles', values: roles } : undefined;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private take(): Token | undefined {
    return this.tokens[this.index++];
  }

  private isWord(value: string): boolean {
    const token = this.peek();
    return token?.kind === 'word' && token.value === value;
  }

  private isSymbol(value: string): boolean {
    const token = this.peek();
    return token?.kind === 'symbol' && token.value === value;
  }
}

/** The builder's view of a condition, or undefined when the builder cannot show it. */
export function readBuilder(condition: string): BuilderCondition | undefined {
  if (condition.trim() === '') return EVERYONE;
  const tokens = tokenize(condition);
  return tokens ? new Reader(tokens).read() : undefined;
}
