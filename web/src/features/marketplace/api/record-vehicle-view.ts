/**
 * POST /marketplace/vehicles/{id}/views: records a view of the vehicle page (on open and again after 2
 * seconds, with the browser session's id). View tracking failures go to the console only, never to a toast.
 */
import type { RecordViewRequest } from '@shared/marketplace/api';
import { api } from '@web/lib/api-client';
import { logger } from '@web/lib/logger';

export async function recordVehicleView(id: string, sessionId: string): Promise<void> {
  try {
    await api.post(`/marketplace/vehicles/${encodeURIComponent(id)}/views`, { sessionId } satisfies RecordViewRequest);
  } catch (error) {
    logger.warn('Recording a vehicle view failed', error);
  }
}
