// Runtime validation (valibot) of every request body of the spec and of ARCHITECTURE §4, with messages that name
// the bad field: a failed parse becomes a 400 ApiError such as `widgets[0].position.x: must be an integer`.

import * as v from 'valibot';
import { ApiError } from './errors.js';
import {
  APP_ENTRY_MAX_LENGTH,
  EMBED_TENANT_NAME_PATTERN,
  MAX_FILTER_DEPTH,
  MESSAGE_ID_PATTERN,
  EXTERNAL_ID_MAX_LENGTH,
  PAGE_MAX_SIZE,
  isAbsoluteHttpUrl,
} from './limits.js';
import {
  ATTRIBUTE_TYPES,
  BREAKPOINTS,
  COLUMN_FORMAT_TYPES,
  DASHBOARD_KINDS,
  FILTER_OPERATORS,
  REPORT_KINDS,
  TIME_GRANULARITIES,
  WIDGET_TYPES,
  type LoadFilter,
} from './types.js';

// ─── Building blocks ─────────────────────────────────────────────────────────────────────────────────────────

const str = () => v.string('must be a string');
const nonEmptyStr = () => v.pipe(str(), v.trim(), v.nonEmpty('must not be empty'));
const num = () => v.pipe(v.number('must be a number'), v.finite('must be a finite number'));
const int = () => v.pipe(v.number('must be an integer'), v.integer('must be an integer'));
const bool = () => v.boolean('must be a boolean');
const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
/** valibot's object schemas accept arrays; JSON objects must not be arrays. */
const plain = <S extends v.GenericSchema<Record<string, unknown>>>(schema: S, message = 'must be an object') =>
  v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), schema);
const object = <E extends v.ObjectEntries>(entries: E, message = 'must be an object') =>
  plain(v.object(entries, message), message);
const looseObject = <E extends v.ObjectEntries>(entries: E, message = 'must be an object') =>
  plain(v.looseObject(entries, message), message);
const obj = () => plain(v.record(v.string(), v.unknown()));
const oneOf = <T extends readonly string[]>(values: T) => v.picklist(values, `must be one of ${values.join(', ')}`);
const list = <T extends v.GenericSchema>(item: T) => v.array(item, 'must be an array');

/** A cross-field rule: `check` returns an error message, or nothing when the input is fine. */
function rule<T>(check: (input: T) => string | undefined) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = check(dataset.value);
    if (message !== undefined) addIssue({ message });
  });
}

/** The first name that occurs twice in `items`, if any. */
function firstDuplicate(items: readonly { name: string }[] | undefined): string | undefined {
  const seen = new Set<string>();
  for (const { name } of items ?? []) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

function duplicateRule<T>(field: keyof T & string, pick: (input: T) => readonly { name: string }[] | undefined) {
  return rule<T>((input) => {
    const dup = firstDuplicate(pick(input));
    return dup === undefined ? undefined : `${field}: duplicate name ${dup}`;
  });
}

// ─── Dashboards ──────────────────────────────────────────────────────────────────────────────────────────────

export const DashboardWidgetPositionSchema = object(
  { x: int(), y: int(), w: int(), h: int() },
  'must be an object with integers x, y, w, h',
);

const breakpointValues = <T extends v.GenericSchema>(value: T) =>
  object(
    Object.fromEntries(BREAKPOINTS.map((bp) => [bp, v.nullish(value)])) as Record<
      (typeof BREAKPOINTS)[number],
      v.NullishSchema<T, undefined>
    >,
    'must be an object keyed by lg, md, sm, xs, xxs',
  );

export const DashboardWidgetSchema = looseObject(
  {
    id: nonEmptyStr(),
    type: oneOf(WIDGET_TYPES),
    position: DashboardWidgetPositionSchema,
    config: v.nullish(obj()),
    style: v.nullish(obj()),
    responsiveLayouts: v.nullish(breakpointValues(DashboardWidgetPositionSchema)),
  },
  'must be an object',
);

export const DashboardAppSourceSchema = looseObject(
  {
    entry: v.nullish(
      v.pipe(str(), v.maxLength(APP_ENTRY_MAX_LENGTH, `must be at most ${APP_ENTRY_MAX_LENGTH} characters`)),
    ),
    files: v.nullish(plain(v.record(v.string(), str()), 'must be an object of strings')),
    html: v.nullish(str()),
    manifest: v.nullish(
      looseObject(
        {
          dependencies: v.nullish(plain(v.record(v.string(), str()), 'must be an object of strings')),
          version: v.nullish(int()),
        },
        'must be an object',
      ),
    ),
  },
  'must be an object',
);

export const DashboardLayoutSchema = looseObject(
  {
    breakpoints: v.nullish(breakpointValues(int())),
    cols: v.nullish(breakpointValues(int())),
    containerPadding: v.nullish(list(int())),
    margin: v.nullish(list(int())),
    rowHeight: v.nullish(int()),
  },
  'must be an object',
);

export const DashboardConfigSchema = v.pipe(
  looseObject(
    {
      kind: v.nullish(oneOf(DASHBOARD_KINDS)),
      title: v.nullish(str()),
      description: v.nullish(str()),
      app: v.nullish(DashboardAppSourceSchema),
      layout: v.nullish(DashboardLayoutSchema),
      settings: v.nullish(obj()),
      theme: v.nullish(obj()),
      widgets: v.nullish(list(DashboardWidgetSchema)),
    },
    'must be an object',
  ),
  rule((config) => {
    const seen = new Map<string, number>();
    for (const [i, widget] of (config.widgets ?? []).entries()) {
      const first = seen.get(widget.id);
      if (first !== undefined) return `widgets[${i}].id: duplicates widgets[${first}].id (${widget.id})`;
      seen.set(widget.id, i);
    }
    return undefined;
  }),
);

export const ReportSnapshotSchema = looseObject(
  {
    id: int(),
    reportId: int(),
    versionNumber: int(),
    name: v.nullish(str()),
    title: v.nullish(str()),
    description: v.nullish(str()),
    sqlQuery: v.nullish(str()),
    kind: v.nullish(oneOf(REPORT_KINDS)),
    meta: v.nullish(obj()),
    spec: v.nullish(v.union([str(), obj()], 'must be a string or an object')),
    fillMissingRows: v.nullish(
      object({ member: str(), excludedDimensions: v.nullish(list(str())) }, 'must be an object'),
    ),
    periodComparisons: v.nullish(
      list(
        object(
          {
            measure: str(),
            timeDimension: str(),
            offset: object({ amount: int(), unit: str() }, 'must be an object with amount and unit'),
            outputs: v.nullish(list(str())),
          },
          'must be an object',
        ),
      ),
    ),
    preferences: v.nullish(
      looseObject(
        {
          columnFormats: v.nullish(
            plain(
              v.record(
                v.string(),
                object({ type: oneOf(COLUMN_FORMAT_TYPES), decimalPlaces: v.nullish(int()) }, 'must be an object'),
              ),
            ),
          ),
        },
        'must be an object',
      ),
    ),
  },
  'must be an object',
);

// ─── Workbooks ───────────────────────────────────────────────────────────────────────────────────────────────

/** Body of upsertWorkbookBySlug; `meta.dashboardDraft` is validated as a DashboardConfig. */
export const CreateWorkbookInputSchema = looseObject(
  {
    folderId: v.nullish(int()),
    name: v.nullish(str()),
    meta: v.nullish(looseObject({ dashboardDraft: v.nullish(DashboardConfigSchema) }, 'must be an object')),
  },
  'must be a JSON object',
);

export const PublishDashboardInputSchema = object(
  { allowEmbed: v.optional(bool()), title: v.nullish(str()), description: v.nullish(str()) },
  'must be a JSON object',
);

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

// ─── Data API ────────────────────────────────────────────────────────────────────────────────────────────────

const member = () =>
  v.pipe(str(), v.regex(/^[A-Za-z_][\w]*\.[A-Za-z_][\w]*$/, 'must be a member name like cube.member'));

const memberFilter = object(
  {
    member: member(),
    operator: oneOf(FILTER_OPERATORS),
    values: v.optional(list(v.union([v.string(), v.number(), v.boolean()], 'must be a string, number or boolean'))),
  },
  'must be {member, operator, values} or {and: […]} or {or: […]}',
);

const tooDeep = v.custom<LoadFilter>(
  () => false,
  `filters may nest and/or at most ${MAX_FILTER_DEPTH} levels deep (the top-level filter is level 1)`,
);

const filterLevels: v.GenericSchema<unknown, LoadFilter>[] = [];

/**
 * A filter at nesting `level` (1: a top-level filter). It is told apart by its keys, so an issue is reported where it
 * is (`filters[0].and[1].operator: …`), and a tree deeper than MAX_FILTER_DEPTH is refused at the first filter past it.
 */
function filterAt(level: number): v.GenericSchema<unknown, LoadFilter> {
  return (filterLevels[level] ??= v.lazy((input): v.GenericSchema<unknown, LoadFilter> => {
    if (level > MAX_FILTER_DEPTH) return tooDeep;
    if (!isPlainObject(input) || !('and' in input || 'or' in input)) return memberFilter;
    if ('and' in input && 'or' in input) return v.custom<LoadFilter>(() => false, 'must have and or or, not both');
    const children = list(filterAt(level + 1));
    return 'and' in input ? object({ and: children }) : object({ or: children });
  }));
}

export const LoadFilterSchema: v.GenericSchema<unknown, LoadFilter> = filterAt(1);

const direction = v.picklist(['asc', 'desc'], 'must be asc or desc');

const CACHE_MODES = ['stale-if-slow', 'stale-while-revalidate', 'must-revalidate', 'no-cache'] as const;

export const LoadQuerySchema = object(
  {
    measures: v.optional(list(member())),
    dimensions: v.optional(list(member())),
    segments: v.optional(list(member())),
    timeDimensions: v.optional(
      list(
        object(
          {
            dimension: member(),
            granularity: v.optional(oneOf(TIME_GRANULARITIES)),
            dateRange: v.optional(
              v.union([str(), v.tuple([v.string(), v.string()])], 'must be a string or [from, to]'),
            ),
            compareDateRange: v.optional(
              list(v.union([str(), v.tuple([v.string(), v.string()])], 'must be a string or [from, to]')),
            ),
          },
          'must be an object',
        ),
      ),
    ),
    filters: v.optional(list(LoadFilterSchema)),
    order: v.optional(
      v.union(
        [v.record(v.string(), direction), v.array(v.tuple([v.string(), direction]))],
        'must be {member: asc|desc} or [[member, asc|desc], …]',
      ),
    ),
    limit: v.optional(v.pipe(int(), v.minValue(0, 'must be 0 or more'))),
    offset: v.optional(v.pipe(int(), v.minValue(0, 'must be 0 or more'))),
    total: v.optional(bool()),
    timezone: v.optional(str()),
    ungrouped: v.optional(bool()),
    renewQuery: v.optional(bool()),
    joinHints: v.optional(v.unknown()),
    responseFormat: v.optional(oneOf(['default', 'compact', 'columnar'] as const)),
    cache: v.optional(oneOf(CACHE_MODES)),
  },
  'must be an object',
);

const dashboardOverrides = {
  filters: v.optional(list(LoadFilterSchema)),
  timeGrain: v.optional(oneOf(TIME_GRANULARITIES)),
};

export const LoadRequestSchema = object({ query: LoadQuerySchema, ...dashboardOverrides }, 'must be a JSON object');

export const CubeSqlRequestSchema = object(
  {
    query: nonEmptyStr(),
    ...dashboardOverrides,
    timezone: v.optional(str()),
    cache: v.optional(oneOf(CACHE_MODES)),
    throwContinueWait: v.optional(bool()),
  },
  'must be a JSON object',
);

// ─── Query strings ───────────────────────────────────────────────────────────────────────────────────────────

const intParam = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

/** `first` and `after` of the embed-tenant admin lists. */
export const PageQuerySchema = object({
  first: v.optional(intParam(1, PAGE_MAX_SIZE)),
  after: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty'))),
});

/** `count` and `startIndex` of the SCIM user list. */
export const ScimListQuerySchema = object({
  count: v.optional(intParam(0, 1000)),
  startIndex: v.optional(intParam(1, Number.MAX_SAFE_INTEGER)),
});

// ─── Parsing ─────────────────────────────────────────────────────────────────────────────────────────────────

/** `widgets[0].position.x` for an issue path. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** A readable message for the first issue: `<path>: <message>`, or the message alone for the whole value. */
export function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = issuePath(issue);
  // A missing required key reports the object's own message at the key's path.
  const message = issue.input === undefined && issue.kind === 'schema' ? 'is required' : issue.message;
  return path === '' ? message : `${path}: ${message}`;
}

/**
 * Validates `input` against `schema` and returns the typed output, or throws a 400 ApiError naming the first bad
 * field, prefixed with `what` (e.g. `Invalid request body`).
 */
export function parseRequest<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  what = 'Invalid request body',
): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return result.output;
  throw new ApiError({ status: 400, message: `${what}: ${describeIssue(result.issues[0])}` });
}
