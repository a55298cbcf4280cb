// SCIM's error shape (RFC 7644 section 3.12). Refusals are AppErrors like everywhere
// else, carrying the SCIM detail type (`scimType`) where one applies; the facade maps
// them once and this dialect renders every answer under /api/scim/v2 as a SCIM error
// body, the guard's 401, validation failures, unknown routes and unreadable bodies
// included.
import { AppError, type HttpError } from '../../platform/errors.js';
import type { ErrorDialect } from '../../platform/http/handler.js';
import type { Seats } from '../../organizations/index.js';
import { ERROR_SCHEMA } from './schemas.js';

export const SCIM_BASE_PATH = '/api/scim/v2';
export const SCIM_MEDIA_TYPE = 'application/scim+json; charset=utf-8';

export type ScimType = 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidVers' | 'sensitive';

/** A 400 with its SCIM detail type. */
export const scimBadRequest = (scimType: ScimType, detail: string): AppError => new AppError('validation_failed', detail, { details: { scimType } });

/** A 409 for a value that must be unique (userName, a group's displayName). */
export const scimUniqueness = (detail: string): AppError => new AppError('conflict', detail, { details: { scimType: 'uniqueness' } });

/**
 * A create or reactivation past the plan's seats (spec 5.9, 7): status 402 in SCIM's
 * shape, and nothing written. The code is the one seat refusals have elsewhere
 * (conflict, rule seat_limit_reached); only the status is the directory's.
 */
export const seatsExhausted = (seats: Seats): AppError =>
  new AppError('conflict', `every seat of the plan is taken (${seats.held} of ${seats.limit}): deactivate a user, remove a member or change the plan`, {
    status: 402,
    details: { rule: 'seat_limit_reached' },
  });

// Messages of a body refused as it is read (framework-errors.ts, body-limits.ts), which SCIM calls invalidSyntax.
const UNREADABLE_BODY = /^(malformed JSON request body|empty JSON request body|request body nested deeper than \d+ levels|request body holds more than \d+ members)$/;

/** The one mapper's answer, in SCIM's shape. */
function renderScimError(error: HttpError): HttpError {
  const message = typeof error.body.error === 'string' ? error.body.error : 'error';
  const body: Record<string, unknown> = { schemas: [ERROR_SCHEMA], status: String(error.status), detail: message };
  const scimType = typeof error.body.scimType === 'string' ? error.body.scimType : error.status === 400 ? (UNREADABLE_BODY.test(message) ? 'invalidSyntax' : 'invalidValue') : undefined;
  if (scimType !== undefined) body.scimType = scimType;
  return { status: error.status, body, headers: { ...error.headers, 'content-type': SCIM_MEDIA_TYPE } };
}

export const scimErrorDialect: ErrorDialect = { pathPrefix: `${SCIM_BASE_PATH}/`, render: renderScimError };
