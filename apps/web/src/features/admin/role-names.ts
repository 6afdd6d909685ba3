import type { Role } from '@cogni/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A role as the admin console names it (in lower case, as in a sentence). */
export const ROLE_NAMES: Record<Role, MessageDescriptor> = {
  admin: msg({ comment: 'a role: an administrator of Cogni', message: 'admin' }),
  researcher: msg({ comment: 'a role: a researcher who runs studies', message: 'researcher' }),
  user: msg({ comment: 'a role: an account without admin or researcher rights', message: 'user' }),
};
