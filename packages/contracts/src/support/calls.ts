import { STAFF_ACCESS as ROLES } from '../staff/constants.ts';
import {
  supportMessagePage,
  supportMessageSchema,
  supportMessagesParams,
  supportPostParams,
  supportReplyParams,
  supportThreadDetail,
  supportThreadPage,
  supportThreadsParams,
} from './schemas.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { SUPPORT_ADMIN_PATHS as ADMIN_API, SUPPORT_PATHS as API } from './paths.ts';

/**
 * The support chat (DESIGN §13): the trader's side (real and demo accounts alike: support is for everyone) and the
 * staff inbox (support and super admin).
 */
export const SUPPORT_CALLS = [
  {
    path: API.supportMessages,
    methods: GET,
    auth: 'user',
    tag: 'support',
    summary: "The user's support thread, newest first (page 1 = the latest messages)",
    params: supportMessagesParams,
    response: supportMessagePage,
  },
  {
    path: API.supportMessages,
    methods: POST,
    auth: 'user',
    idempotent: true,
    tag: 'support',
    summary: 'Write to support: plain text up to 2,000 characters and/or an uploaded image; 20 messages a minute',
    params: supportPostParams,
    response: supportMessageSchema,
  },
  {
    path: ADMIN_API.supportThreads,
    methods: GET,
    auth: 'staff',
    roles: ROLES.support,
    tag: 'backoffice',
    summary: 'The support inbox: threads with the newest activity first, unread counts, filtered by status',
    params: supportThreadsParams,
    response: supportThreadPage,
  },
  {
    path: `${ADMIN_API.supportThreads}/:id`,
    methods: GET,
    auth: 'staff',
    roles: ROLES.support,
    tag: 'backoffice',
    summary: "One user's support thread (`:id` is the user's id), newest first; opening it marks it read",
    params: supportMessagesParams,
    response: supportThreadDetail,
  },
  {
    path: `${ADMIN_API.supportThreads}/:id`,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.support,
    tag: 'backoffice',
    summary: "Reply in a user's support thread (`:id` is the user's id); pushed live as SUPPORT (audited)",
    params: supportReplyParams,
    response: supportMessageSchema,
  },
] as const satisfies readonly CallDef[];
