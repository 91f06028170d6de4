// Embed sessions (spec: generate-session, the session token and its claims).

import type { AttributeType } from './enums.js';

// ─── Embed sessions ──────────────────────────────────────────────────────────────────────────────────────────

export interface UserProfile {
  displayName?: string;
  /** Absolute http:// or https:// URL; only syntax is validated. */
  picture?: string;
}

export type UserAttributeValueType = string | number | string[] | number[] | null;

export interface UserAttributeValue {
  name: string;
  /** Must match the definition's type; null clears the value. */
  value: UserAttributeValueType;
}

export interface GroupDefinition {
  name: string;
  description?: string;
}

export interface UserAttributeDefinition {
  name: string;
  type: AttributeType;
  displayName?: string;
  defaultValue?: string;
  description?: string;
}

/** Tri-state: an omitted key inherits the account-wide setting. */
export interface SessionDisplaySettings {
  showDashboardChat?: boolean;
}

export interface GenerateSessionRequest {
  deploymentId: number;
  externalId?: string;
  internalId?: string;
  email?: string;
  userProfile?: UserProfile;
  embedTenantName?: string;
  creatorMode?: boolean;
  userAttributes?: UserAttributeValue[];
  groups?: string[];
  userAttributeDefinitions?: UserAttributeDefinition[];
  groupDefinitions?: GroupDefinition[];
  securityContext?: Record<string, unknown>;
  settings?: SessionDisplaySettings;
}

export interface GenerateSessionResponse {
  sessionId: string;
}

/** `POST /api/v1/embed/session/token`. */
export interface SessionTokenRequest {
  sessionId: string;
}
export interface SessionTokenResponse {
  token: string;
}
/** `POST /api/v1/embed/session/revoke` → 204. */
export interface RevokeSessionTokenRequest {
  token: string;
}

/** Claims of the 24 h embed session token (a JWT). */
export interface EmbedTokenClaims {
  sub: string;
  deploymentId: number;
  externalId?: string;
  internalId?: string;
  email?: string;
  userProfile?: UserProfile;
  embedTenantName?: string;
  creatorMode?: boolean;
  groups: string[];
  userAttributes: Record<string, UserAttributeValueType>;
  securityContext: Record<string, unknown>;
  settings: SessionDisplaySettings;
  scope: string[];
  iat: number;
  exp: number;
  jti?: string;
}
