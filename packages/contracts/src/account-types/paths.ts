/** The account types' REST paths (DESIGN §16; gathered into `API` and `ADMIN_API` in api-paths.ts). */
export const ACCOUNT_TYPE_PATHS = {
  /** `GET` (public): the published account types. */
  accountTypes: '/api/account_types',
  /** `POST {account_type_id}`: the trader chooses a public type while nothing is open or pending. */
  chooseAccountType: '/v1/api/main/account_type',
} as const;

export const ACCOUNT_TYPE_ADMIN_PATHS = {
  /** `GET` lists every type, `POST` creates one, `POST /:id` changes one (audited `account_type.create|update`). */
  accountTypes: '/admin/api/account-types',
} as const;
