/**
 * The alert condition language: a small expression language over a member, parsed and
 * type-checked on save, evaluated on the server. It is never JavaScript: there is no property
 * access, no call, and names resolve only against the fixed list of member fields below.
 *
 *   condition  := or
 *   or         := and ("or" and)*
 *   and        := not ("and" not)*
 *   not        := "not" not | comparison
 *   comparison := operand (("==" | "!=" | "<" | "<=" | ">" | ">=") operand
 *                         | "not"? "in" ("(" literal ("," literal)* ")" | list field))?
 *   operand    := literal | field | "(" or ")"
 *   literal    := "double-quoted string" | number | true | false
 */

import {
  ALERT_CONDITION_MAX_LENGTH,
  type ConditionProblem,
  type ConditionToken,
} from '@guildhall/contract';

export type ScalarType = 'string' | 'number' | 'boolean';
type FieldType = ScalarType | 'list';
type Scalar = string | number | boolean;

/** What a condition can read of a member. */
export const CONDITION_FIELDS = {
  role: 'string',
  adhesion: 'boolean',
  pseudo: 'string',
  country: 'string',
  town: 'string',
  member_days: 'number',
  games: 'list',
  teams: 'list',
  team_roles: 'list',
  twitch_connected: 'boolean',
  twitter_connected: 'boolean',
  profile_complete: 'boolean',
} as const satisfies Record<string, FieldType>;
export type ConditionField = keyof typeof CONDITION_FIELDS;

/** The values of the fields for one member. */
export type MemberFacts = {
  [Field in ConditionField]: (typeof CONDITION_FIELDS)[Field] extends 'list'
    ? readonly string[]
    : (typeof CONDITION_FIELDS)[Field] extends 'number'
      ? number
      : (typeof CONDITION_FIELDS)[Field] extends 'boolean'
        ? boolean
        : string;
};

export const CONDITION_MAX_LENGTH = ALERT_CONDITION_MAX_LENGTH;
export const CONDITION_MAX_DEPTH = 24;

/** A refused condition: `reason` in English, `problem` the same as a code and its values. */
export class ConditionError extends Error {
  override name = 'ConditionError';
  /** Zero-based offset in the condition where the problem is. */
  readonly position: number;
  constructor(
    readonly problem: ConditionProblem,
    readonly reason: string,
  ) {
    super(`${reason} (at character ${problem.position + 1})`);
    this.position = problem.position;
  }
}

const refuse = (problem: ConditionProblem, reason: string) => new ConditionError(problem, reason);

/** A parsed condition; `position` is where its operator or value starts in the source. */
export type Condition = { position: number } & (
  | { kind: 'literal'; value: Scalar }
  | { kind: 'field'; name: ConditionField }
  | { kind: 'not'; operand: Condition }
  | { kind: 'logical'; operator: 'and' | 'or'; left: Condition; right: Condition }
  | { kind: 'compare'; operator: ComparisonOperator; left: Condition; right: Condition }
  | { kind: 'in-values'; negated: boolean; operand: Condition; values: Scalar[] }
  | { kind: 'in-field'; negated: boolean; operand: Condition; field: ConditionField }
);

type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=';

type Token =
  | { kind: 'string'; value: string; position: number }
  | { kind: 'number'; value: number; position: number }
  | { kind: 'word'; value: string; position: number }
  | { kind: 'symbol'; value: string; position: number }
  | { kind: 'end'; position: number };

const SYMBOLS = ['==', '!=', '<=', '>=', '<', '>', '(', ')', ','];
const fieldNames = new Map<string, FieldType>(Object.entries(CONDITION_FIELDS));

/** What `pattern` matches at `index`; the caller checked that its first character matches. */
const leading = (pattern: RegExp, source: string, index: number): string =>
  pattern.exec(source.slice(index))?.[0] ?? source.charAt(index);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const character = source.charAt(index);
    if (/\s/.test(character)) {
      index++;
    } else if (character === '"') {
      const start = index;
      let value = '';
      index++;
      while (index < source.length && source[index] !== '"') {
        if (source[index] === '\\' && (source[index + 1] === '"' || source[index + 1] === '\\'))
          index++;
        value += source[index];
        index++;
      }
      if (index >= source.length)
        throw refuse({ reason: 'unclosed_string', position: start }, 'this string is never closed');
      index++;
      tokens.push({ kind: 'string', value, position: start });
    } else if (/[0-9]/.test(character)) {
      const text = leading(/^[0-9]+(\.[0-9]+)?/, source, index);
      tokens.push({ kind: 'number', value: Number(text), position: index });
      index += text.length;
    } else if (/[A-Za-z_]/.test(character)) {
      const text = leading(/^[A-Za-z_][A-Za-z0-9_]*/, source, index);
      tokens.push({ kind: 'word', value: text, position: index });
      index += text.length;
    } else {
      const symbol = SYMBOLS.find((candidate) => source.startsWith(candidate, index));
      if (!symbol) {
        throw refuse(
          { reason: 'unexpected_character', position: index, character },
          `unexpected character '${character}'`,
        );
      }
      tokens.push({ kind: 'symbol', value: symbol, position: index });
      index += symbol.length;
    }
  }
  tokens.push({ kind: 'end', position: source.length });
  return tokens;
}

/** The token as a refusal quotes it. */
const found = (token: Token): ConditionToken =>
  token.kind === 'end'
    ? { kind: 'end' }
    : token.kind === 'string'
      ? { kind: 'string', value: token.value }
      : { kind: 'token', value: String(token.value) };

const describe = (token: Token) =>
  token.kind === 'end'
    ? 'the end of the condition'
    : token.kind === 'string'
      ? `"${token.value}"`
      : `'${String(token.value)}'`;

const END: Token = { kind: 'end', position: 0 };

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Condition {
    const condition = this.or();
    const next = this.peek();
    if (next.kind !== 'end') {
      throw refuse(
        { reason: 'unexpected_token', position: next.position, found: found(next) },
        `unexpected ${describe(next)}`,
      );
    }
    return condition;
  }

  /** The current token; past the end, the end token (the last one) again. */
  private peek(): Token {
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] ?? END;
  }

  private take(): Token {
    const token = this.peek();
    this.index++;
    return token;
  }

  private isWord(value: string, token = this.peek()): boolean {
    return token.kind === 'word' && token.value === value;
  }

  private isSymbol(value: string, token = this.peek()): boolean {
    return token.kind === 'symbol' && token.value === value;
  }

  private nested<T>(position: number, parse: () => T): T {
    if (++this.depth > CONDITION_MAX_DEPTH) {
      throw refuse(
        { reason: 'too_deep', position, max: CONDITION_MAX_DEPTH },
        `too deeply nested (at most ${CONDITION_MAX_DEPTH} levels)`,
      );
    }
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private or(): Condition {
    let left = this.and();
    while (this.isWord('or')) {
      const { position } = this.take();
      left = { kind: 'logical', operator: 'or', left, right: this.and(), position };
    }
    return left;
  }

  private and(): Condition {
    let left = this.not();
    while (this.isWord('and')) {
      const { position } = this.take();
      left = { kind: 'logical', operator: 'and', left, right: this.not(), position };
    }
    return left;
  }

  private not(): Condition {
    const token = this.peek();
    if (this.isWord('not', token)) {
      this.take();
      return this.nested(token.position, () => ({
        kind: 'not',
        operand: this.not(),
        position: token.position,
      }));
    }
    return this.comparison();
  }

  private comparison(): Condition {
    const left = this.operand();
    const token = this.peek();
    if (token.kind === 'symbol' && ['==', '!=', '<', '<=', '>', '>='].includes(token.value)) {
      this.take();
      return {
        kind: 'compare',
        operator: token.value as ComparisonOperator,
        left,
        right: this.operand(),
        position: token.position,
      };
    }
    const negated = this.isWord('not', token) && this.isWord('in', this.tokens[this.index + 1]);
    if (negated) this.take();
    if (this.isWord('in')) {
      this.take();
      return this.membership(left, negated, token.position);
    }
    return left;
  }

  private membership(operand: Condition, negated: boolean, position: number): Condition {
    const token = this.peek();
    if (token.kind === 'word' && fieldNames.get(token.value) === 'list') {
      this.take();
      return { kind: 'in-field', negated, operand, field: token.value as ConditionField, position };
    }
    if (!this.isSymbol('(')) {
      throw refuse(
        { reason: 'expected_list', position: token.position, found: found(token) },
        `expected a list in parentheses or a list field after 'in', found ${describe(token)}`,
      );
    }
    this.take();
    const values: Scalar[] = [this.literal()];
    while (this.isSymbol(',')) {
      this.take();
      values.push(this.literal());
    }
    this.expectSymbol(')');
    return { kind: 'in-values', negated, operand, values, position };
  }

  private literal(): Scalar {
    const token = this.take();
    if (token.kind === 'string' || token.kind === 'number') return token.value;
    if (this.isWord('true', token)) return true;
    if (this.isWord('false', token)) return false;
    throw refuse(
      { reason: 'expected_value', position: token.position, found: found(token) },
      `expected a value, found ${describe(token)}`,
    );
  }

  private operand(): Condition {
    const token = this.peek();
    if (this.isSymbol('(', token)) {
      this.take();
      return this.nested(token.position, () => {
        const inner = this.or();
        this.expectSymbol(')');
        return inner;
      });
    }
    if (
      token.kind === 'word' &&
      !['true', 'false', 'and', 'or', 'not', 'in'].includes(token.value)
    ) {
      this.take();
      if (!fieldNames.has(token.value)) {
        throw refuse(
          { reason: 'unknown_field', position: token.position, field: token.value },
          `unknown field '${token.value}'`,
        );
      }
      if (this.isSymbol('(')) {
        throw refuse(
          { reason: 'no_calls', position: this.peek().position },
          'calls are not part of the language',
        );
      }
      return { kind: 'field', name: token.value as ConditionField, position: token.position };
    }
    return { kind: 'literal', value: this.literal(), position: token.position };
  }

  private expectSymbol(symbol: string): void {
    const token = this.take();
    if (!this.isSymbol(symbol, token)) {
      throw refuse(
        {
          reason: 'expected_symbol',
          position: token.position,
          expected: symbol,
          found: found(token),
        },
        `expected '${symbol}', found ${describe(token)}`,
      );
    }
  }
}

function typeOf(condition: Condition): FieldType {
  switch (condition.kind) {
    case 'literal':
      return typeof condition.value as ScalarType;
    case 'field':
      return CONDITION_FIELDS[condition.name];
    default:
      return 'boolean';
  }
}

/** Checks that every operator gets the types it works on. */
function check(condition: Condition): void {
  const fail = (problem: Omit<ConditionProblem, 'position'>, reason: string) => {
    throw refuse({ ...problem, position: condition.position }, reason);
  };
  switch (condition.kind) {
    case 'literal':
    case 'field':
      return;
    case 'not':
      check(condition.operand);
      if (typeOf(condition.operand) !== 'boolean')
        fail({ reason: 'not_needs_boolean' }, "'not' needs a true or false value");
      return;
    case 'logical':
      check(condition.left);
      check(condition.right);
      if (typeOf(condition.left) !== 'boolean' || typeOf(condition.right) !== 'boolean') {
        fail(
          { reason: 'logical_needs_boolean', operator: condition.operator },
          `'${condition.operator}' joins true or false values`,
        );
      }
      return;
    case 'compare': {
      check(condition.left);
      check(condition.right);
      const [left, right] = [typeOf(condition.left), typeOf(condition.right)];
      const { operator } = condition;
      if (left === 'list' || right === 'list') {
        fail(
          { reason: 'list_compared', operator },
          `use 'in' to look inside a list, not '${operator}'`,
        );
      }
      if (left !== right) {
        fail(
          { reason: 'types_differ', operator, left, right },
          `'${operator}' compares a ${left} with a ${right}`,
        );
      }
      if (!['==', '!='].includes(operator) && left !== 'number') {
        fail({ reason: 'compares_numbers', operator }, `'${operator}' compares numbers`);
      }
      return;
    }
    case 'in-values': {
      check(condition.operand);
      const operand = typeOf(condition.operand);
      if (operand === 'list') {
        fail({ reason: 'in_needs_single_value' }, "the value before 'in' must be a single value");
      }
      if (condition.values.some((value) => typeof value !== operand)) {
        fail(
          { reason: 'list_values_type', type: operand },
          `every value of the list must be a ${operand}, like what is before 'in'`,
        );
      }
      return;
    }
    case 'in-field':
      check(condition.operand);
      if (typeOf(condition.operand) !== 'string') {
        fail(
          { reason: 'in_field_needs_text', field: condition.field },
          `'in ${condition.field}' looks for a text value`,
        );
      }
      return;
  }
}

/** Parses and type-checks a condition; throws a ConditionError with the position and reason. */
export function parseCondition(source: string): Condition {
  if (source.length > CONDITION_MAX_LENGTH) {
    throw refuse(
      { reason: 'too_long', position: CONDITION_MAX_LENGTH, max: CONDITION_MAX_LENGTH },
      `a condition has at most ${CONDITION_MAX_LENGTH} characters`,
    );
  }
  if (source.trim() === '')
    throw refuse({ reason: 'empty', position: 0 }, 'the condition is empty');
  const condition = new Parser(tokenize(source)).parse();
  check(condition);
  if (typeOf(condition) !== 'boolean') {
    throw refuse(
      { reason: 'not_boolean', position: condition.position },
      'the condition must be true or false',
    );
  }
  return condition;
}

function valueOf(condition: Condition, facts: MemberFacts): Scalar | readonly string[] {
  switch (condition.kind) {
    case 'literal':
      return condition.value;
    case 'field':
      return facts[condition.name];
    default:
      return evaluateCondition(condition, facts);
  }
}

/** Whether the member matches. The condition comes from parseCondition, so types are right. */
export function evaluateCondition(condition: Condition, facts: MemberFacts): boolean {
  switch (condition.kind) {
    case 'literal':
    case 'field':
      return valueOf(condition, facts) === true;
    case 'not':
      return !evaluateCondition(condition.operand, facts);
    case 'logical':
      return condition.operator === 'and'
        ? evaluateCondition(condition.left, facts) && evaluateCondition(condition.right, facts)
        : evaluateCondition(condition.left, facts) || evaluateCondition(condition.right, facts);
    case 'compare': {
      const left = valueOf(condition.left, facts) as Scalar;
      const right = valueOf(condition.right, facts) as Scalar;
      switch (condition.operator) {
        case '==':
          return left === right;
        case '!=':
          return left !== right;
        case '<':
          return left < right;
        case '<=':
          return left <= right;
        case '>':
          return left > right;
        case '>=':
          return left >= right;
      }
      return false;
    }
    case 'in-values': {
      const value = valueOf(condition.operand, facts) as Scalar;
      return condition.values.includes(value) !== condition.negated;
    }
    case 'in-field': {
      const value = valueOf(condition.operand, facts) as string;
      return facts[condition.field as 'games'].includes(value) !== condition.negated;
    }
  }
}
