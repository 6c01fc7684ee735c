import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { HttpError } from '../lib/http-error.js';

/** Deeper than any body of this API; a deeper one is an attack on the parser or the validator. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in a JSON text, ignoring brackets inside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (character === 92 /* \\ */) index++;
      else if (character === 34 /* " */) inString = false;
    } else if (character === 34) {
      inString = true;
    } else if (character === 123 /* { */ || character === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (character === 125 /* } */ || character === 93 /* ] */) {
      depth--;
    }
  }
  return deepest;
}

/**
 * JSON bodies, parsed as Fastify does (prototype keys refused), after a linear scan that refuses
 * nesting deeper than MAX_JSON_DEPTH before anything recursive sees the body.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(new HttpError(400, 'bad_request', 'The request body is empty'), undefined);
      return;
    }
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(
        new HttpError(
          400,
          'bad_request',
          `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`,
        ),
        undefined,
      );
      return;
    }
    try {
      done(
        null,
        secureJsonParse.parse(text, undefined, {
          protoAction: 'error',
          constructorAction: 'error',
        }),
      );
    } catch {
      done(new HttpError(400, 'bad_request', 'The request body is not valid JSON'), undefined);
    }
  });
}
