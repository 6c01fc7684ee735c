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
  // The same for the query string and the path (`?q=%00`).
  app.addHook('preValidation', async (request) => {
    const values = [request.query, request.params].flatMap((part) =>
      part && typeof part === 'object' ? Object.values(part) : [],
    );
    if (values.some((value) => typeof value === 'string' && value.includes('\u0000'))) {
      throw new HttpError(400, 'bad_request', 'The request contains a NUL character');
    }
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(new HttpError(400, 'bad_request', 'The request body is empty'), undefined);
      return;
    }
    // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail there.
    if (/\\u0000/i.test(text)) {
      done(
        new HttpError(400, 'bad_request', 'The request body contains a NUL character'),
        undefined,
      );
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
