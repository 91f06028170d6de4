// Request bodies of the Chat API: stream-chat-state with its session settings, abort.

import * as v from 'valibot';
import { MESSAGE_ID_PATTERN } from '../limits.js';
import { bool, duplicateRule, list, nonEmptyStr, num, obj, object, rule, str } from './common.js';
import { UserAttributeValueSchema } from './embed.js';

// ─── Chat ────────────────────────────────────────────────────────────────────────────────────────────────────

export const ChatSessionSettingsSchema = v.pipe(
  object(
    {
      externalId: v.optional(v.pipe(nonEmptyStr(), v.regex(/^\S+$/, 'must not contain spaces'))),
      internalId: v.optional(nonEmptyStr()),
      email: v.optional(str()),
      userAttributes: v.optional(list(UserAttributeValueSchema)),
      groups: v.optional(list(nonEmptyStr())),
      securityContext: v.optional(obj()),
      isEphemeral: v.optional(bool()),
      ephemeralTtlSeconds: v.optional(v.pipe(num(), v.gtValue(0, 'must be greater than 0'))),
    },
    'must be an object',
  ),
  rule((s) => {
    if (s.externalId !== undefined && s.internalId !== undefined)
      return 'externalId and internalId are mutually exclusive';
    if (s.externalId === undefined && s.internalId === undefined) return 'one of externalId or internalId is required';
    const field = (['userAttributes', 'groups', 'securityContext'] as const).find((f) => s[f] !== undefined);
    return s.internalId !== undefined && field !== undefined ? `${field} is not allowed with internalId` : undefined;
  }),
  duplicateRule('userAttributes', (s) => s.userAttributes),
);

export const ChatRequestSchema = object(
  {
    input: v.optional(str()),
    chatId: v.optional(nonEmptyStr()),
    messageId: v.optional(v.pipe(str(), v.regex(MESSAGE_ID_PATTERN, 'must be 13 or more digits followed by -message'))),
    sessionSettings: v.optional(ChatSessionSettingsSchema),
    activeBranchName: v.optional(str()),
    isDefaultBranch: v.optional(bool()),
  },
  'must be a JSON object',
);

export const AbortChatRequestSchema = object(
  {
    chatId: nonEmptyStr(),
    sessionSettings: v.optional(object({ externalId: v.optional(str()) }, 'must be an object')),
  },
  'must be a JSON object',
);
