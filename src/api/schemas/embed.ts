// Request bodies of embed sessions: generate-session (user, groups, attributes, settings), token exchange, revoke.

import * as v from 'valibot';
import { EMBED_TENANT_NAME_PATTERN, EXTERNAL_ID_MAX_LENGTH, isAbsoluteHttpUrl } from '../limits.js';
import { ATTRIBUTE_TYPES } from '../types/enums.js';
import { bool, duplicateRule, int, list, nonEmptyStr, num, obj, object, oneOf, rule, str } from './common.js';

// ─── Embed sessions ──────────────────────────────────────────────────────────────────────────────────────────

const attributeValue = v.union(
  [v.null(), str(), num(), v.array(v.string()), v.array(v.number())],
  'must be a string, a number, an array of strings, an array of numbers, or null',
);

export const UserAttributeValueSchema = object({ name: nonEmptyStr(), value: attributeValue }, 'must be an object');

export const UserProfileSchema = object(
  {
    displayName: v.optional(str()),
    picture: v.optional(v.pipe(str(), v.check(isAbsoluteHttpUrl, 'must be an absolute http:// or https:// URL'))),
  },
  'must be an object',
);

export const GroupDefinitionSchema = object(
  { name: nonEmptyStr(), description: v.optional(str()) },
  'must be an object',
);

export const UserAttributeDefinitionSchema = object(
  {
    name: nonEmptyStr(),
    type: oneOf(ATTRIBUTE_TYPES),
    displayName: v.optional(str()),
    defaultValue: v.optional(str()),
    description: v.optional(str()),
  },
  'must be an object',
);

export const SessionDisplaySettingsSchema = object({ showDashboardChat: v.optional(bool()) }, 'must be an object');

/** Fields that rule 1 rejects together with internalId (email: only with externalId). */
const NOT_WITH_INTERNAL_ID = [
  'groups',
  'userAttributes',
  'groupDefinitions',
  'userAttributeDefinitions',
  'securityContext',
  'userProfile',
  'email',
] as const;

export const GenerateSessionRequestSchema = v.pipe(
  object(
    {
      deploymentId: int(),
      externalId: v.optional(
        v.pipe(
          nonEmptyStr(),
          v.maxLength(EXTERNAL_ID_MAX_LENGTH, `must be at most ${EXTERNAL_ID_MAX_LENGTH} characters`),
        ),
      ),
      internalId: v.optional(nonEmptyStr()),
      email: v.optional(str()),
      userProfile: v.optional(UserProfileSchema),
      embedTenantName: v.optional(
        v.pipe(
          str(),
          v.regex(
            EMBED_TENANT_NAME_PATTERN,
            'must be 5 to 36 characters of a-z, 0-9 and hyphen, start with a letter and end with a letter or digit',
          ),
        ),
      ),
      creatorMode: v.optional(bool()),
      userAttributes: v.optional(list(UserAttributeValueSchema)),
      groups: v.optional(list(nonEmptyStr())),
      userAttributeDefinitions: v.optional(list(UserAttributeDefinitionSchema)),
      groupDefinitions: v.optional(list(GroupDefinitionSchema)),
      securityContext: v.optional(obj()),
      settings: v.optional(SessionDisplaySettingsSchema),
    },
    'must be a JSON object',
  ),
  rule((r) => {
    if (r.externalId !== undefined && r.internalId !== undefined)
      return 'externalId and internalId are mutually exclusive';
    if (r.externalId === undefined && r.internalId === undefined) return 'one of externalId or internalId is required';
    return undefined;
  }),
  rule((r) => {
    if (r.internalId === undefined) return undefined;
    const field = NOT_WITH_INTERNAL_ID.find((f) => r[f] !== undefined);
    return field === undefined ? undefined : `${field} is not allowed with internalId`;
  }),
  rule((r) => {
    const field =
      r.userAttributeDefinitions !== undefined
        ? 'userAttributeDefinitions'
        : r.groupDefinitions !== undefined
          ? 'groupDefinitions'
          : undefined;
    if (field === undefined) return undefined;
    if (r.creatorMode !== true) return `${field} requires creatorMode: true`;
    if (r.embedTenantName === undefined) return `${field} requires embedTenantName`;
    return undefined;
  }),
  duplicateRule('userAttributes', (r) => r.userAttributes),
  duplicateRule('groupDefinitions', (r) => r.groupDefinitions),
  duplicateRule('userAttributeDefinitions', (r) => r.userAttributeDefinitions),
);

export const SessionTokenRequestSchema = object({ sessionId: nonEmptyStr() }, 'must be a JSON object');
export const RevokeSessionTokenRequestSchema = object({ token: nonEmptyStr() }, 'must be a JSON object');
