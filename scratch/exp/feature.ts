import { featureHandler } from '@functions/lib/http/feature-handler';
import { route } from '@functions/lib/http/route';
export const h = [featureHandler, route];
