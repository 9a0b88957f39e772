/** GET /me: the caller's identity (role, full name, dealership, a broker's approval and licence state). */
import { meResponseSchema } from '@shared/auth/api';
import { route } from '@functions/lib/http/route';
import { authData } from '../data';
import { describeCaller } from '../me';

export default route({
  response: meResponseSchema,
  handler: (_input, { identity, now }) => describeCaller(identity, authData(), now),
});
