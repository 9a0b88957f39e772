/**
 * GET /quote-vehicles/{id} (public): the marketplace vehicle named by the wizard's address (`?vehicle=`, the
 * trending embed's "Reserve This Deal"). The server decides whether it is one a shopper may reserve; an unknown,
 * archived or sold-out id (404), or a failed ask, starts the wizard without a chosen vehicle: the shopper is never
 * stopped by it (docs/decisions.md, "Trending embed: Reserve This Deal").
 */
import { useEffect, useState } from 'react';
import type { QuoteVehicle, QuoteVehicleResponse } from '@shared/quotes/api';
import { QUOTE_VEHICLE_ID_MAX, QUOTE_VEHICLE_QUERY } from '@shared/quotes/request';
import { api } from '@web/lib/api-client';
import { logger } from '@web/lib/logger';

/** The vehicle id of the address's query, or null when it names none (or something no id can be). */
export function vehicleIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get(QUOTE_VEHICLE_QUERY)?.trim();
  return id && id.length <= QUOTE_VEHICLE_ID_MAX ? id : null;
}

/** The chosen vehicle once the server confirmed it; null while asking, and for good when it is none. */
export function useQuoteVehicle(vehicleId: string | null): QuoteVehicle | null {
  const [vehicle, setVehicle] = useState<QuoteVehicle | null>(null);
  useEffect(() => {
    if (!vehicleId) return;
    let current = true;
    api.get<QuoteVehicleResponse>(`/quote-vehicles/${encodeURIComponent(vehicleId)}`, { auth: false }).then(
      (response) => current && setVehicle(response.vehicle),
      (error: unknown) => logger.warn('The chosen vehicle is not offered; the wizard starts without it', { vehicleId, error }),
    );
    return () => {
      current = false;
    };
  }, [vehicleId]);
  return vehicle;
}
