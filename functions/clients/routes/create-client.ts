/** POST /clients: the "New Client" dialog; the creator is the caller, the e-mail is unique (409). */
import { clientResponseSchema, createClientRequestSchema } from '@shared/clients/api';
import { route } from '@functions/lib/http/route';
import { createClient } from '../clients';
import { clientsData } from '../data';

export default route({
  body: createClientRequestSchema,
  response: clientResponseSchema,
  status: 201,
  handler: ({ body }, { identity, now }) => createClient(identity, body, clientsData(), now),
});
