import { CONDITION_PROBLEMS, ERROR_CODES, LANGUAGES } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { ApiError } from './api-client';
import { apiErrorText, issueText } from './api-error-text';
import { conditionProblemText } from './condition-problem-text';

const translator = (language: 'fr' | 'en') => createI18n(language).t;
const SERVER_MESSAGE = 'Something the server said in English';

describe('apiErrorText', () => {
  it.each(LANGUAGES)(
    'gives every code of the API its own text in %s, never the server’s',
    (language) => {
      const t = translator(language);
      for (const code of [...ERROR_CODES, 'network_unreachable', 'unexpected_response'] as const) {
        const text = apiErrorText(t, language, new ApiError(500, code, SERVER_MESSAGE));
        expect(text, code).not.toContain(SERVER_MESSAGE);
        expect(text, code).not.toContain('api_errors.');
        expect(text.trim(), code).not.toBe('');
      }
    },
  );

  it('names the HTTP status of an answer that is not the API’s', () => {
    const error = new ApiError(500, 'unexpected_response', 'HTTP 500 Internal Server Error');
    expect(apiErrorText(translator('fr'), 'fr', error)).toBe(
      'Le serveur a répondu de façon inattendue (HTTP 500)\u00a0: réessayez dans un instant.',
    );
    expect(apiErrorText(translator('en'), 'en', error)).toBe(
      'The server answered unexpectedly (HTTP 500): try again in a moment.',
    );
  });

  it('explains a refused condition with its reason, what was found and where', () => {
    const error = new ApiError(400, 'invalid_condition', 'Invalid condition: …', [], {
      condition: { reason: 'expected_value', position: 7, found: { kind: 'end' } },
    });
    expect(apiErrorText(translator('fr'), 'fr', error)).toBe(
      'Condition invalide\u00a0: une valeur est attendue, trouvé\u00a0: la fin de la condition (caractère 8).',
    );
    expect(apiErrorText(translator('en'), 'en', error)).toBe(
      'Invalid condition: expected a value, found the end of the condition (character 8).',
    );
  });

  it('says which file types and which size an upload takes', () => {
    const type = new ApiError(415, 'unsupported_media_type', 'The logo must be…', [], {
      accepted_types: ['image/png', 'image/jpeg'],
    });
    const size = new ApiError(413, 'payload_too_large', 'Too large', [], { max_bytes: 2097152 });
    expect(apiErrorText(translator('fr'), 'fr', type)).toBe(
      'Le fichier doit être au format PNG ou JPG.',
    );
    expect(apiErrorText(translator('en'), 'en', type)).toBe('The file must be a PNG or JPG.');
    expect(apiErrorText(translator('fr'), 'fr', size)).toMatch(/^Le fichier dépasse 2\sMo\.$/);
    expect(apiErrorText(translator('en'), 'en', size)).toMatch(/^The file is larger than 2\sMB\.$/);
  });
});

describe('conditionProblemText', () => {
  it.each(LANGUAGES)('has a text for every reason in %s, with its values filled in', (language) => {
    const t = translator(language);
    for (const reason of CONDITION_PROBLEMS) {
      const text = conditionProblemText(t, {
        reason,
        position: 0,
        found: { kind: 'token', value: ')' },
        expected: '(',
        character: '.',
        field: 'nickname',
        operator: '==',
        left: 'number',
        right: 'string',
        type: 'boolean',
        max: 24,
      });
      expect(text, reason).not.toMatch(/condition_problems|{{/);
    }
  });

  it('quotes what it found, in French guillemets', () => {
    const text = conditionProblemText(translator('fr'), {
      reason: 'types_differ',
      position: 12,
      operator: '==',
      left: 'number',
      right: 'string',
    });
    expect(text).toBe('«\u00a0==\u00a0» compare un nombre avec un texte');
  });
});

describe('issueText', () => {
  const t = translator('fr');

  it('says a bound with its value and what it counts', () => {
    expect(
      issueText(t, {
        path: 'body.name',
        message: 'Too big',
        code: 'too_big',
        params: { maximum: 80, origin: 'string' },
      }),
    ).toBe('80 caractères au plus.');
    expect(
      issueText(t, {
        path: 'body.roles',
        message: 'Too big',
        code: 'too_big',
        params: { maximum: 20, origin: 'array' },
      }),
    ).toBe('20 éléments au plus.');
    expect(
      issueText(t, {
        path: 'body.name',
        message: 'Too small',
        code: 'too_small',
        params: { minimum: 1, origin: 'string' },
      }),
    ).toBe('Ce champ est obligatoire.');
  });

  it('names a web address, an email and a choice', () => {
    const issue = (code: 'invalid_format' | 'invalid_value', format?: string) => ({
      path: 'body.x',
      message: 'Invalid',
      code,
      ...(format && { params: { format } }),
    });
    expect(issueText(t, issue('invalid_format', 'url'))).toBe(
      'Saisissez une adresse web complète.',
    );
    expect(issueText(t, issue('invalid_format', 'email'))).toBe(
      'Saisissez une adresse e-mail valide.',
    );
    expect(issueText(t, issue('invalid_value'))).toBe('Choisissez parmi les valeurs proposées.');
  });

  it('leaves a check it cannot say more precisely to the form', () => {
    expect(issueText(t, { path: 'body.x', message: 'Invalid', code: 'custom' })).toBeUndefined();
  });
});
