/** The admin's broker routes: lists, the month's figures, one broker with the approval history, the approval dialog. */
import type { BrokerDetailResponse, BrokerListResponse, BrokerStatsResponse, UpdateBrokerInput } from '@shared/brokers/api';
import type { Identity } from '../lib/auth-context';
import type { BrokerServices } from './deps';

const pending = () => Promise.reject(new Error('The brokers API is being implemented on this branch'));

export function listBrokers(_services: BrokerServices, _now: Date): Promise<BrokerListResponse> {
  return pending();
}
export function brokerStats(_month: string | undefined, _services: BrokerServices, _now: Date): Promise<BrokerStatsResponse> {
  return pending();
}
export function brokerDetail(_id: string, _services: BrokerServices, _now: Date): Promise<BrokerDetailResponse> {
  return pending();
}
export function updateBroker(
  _admin: Identity,
  _id: string,
  _input: UpdateBrokerInput,
  _services: BrokerServices,
  _now: Date,
): Promise<BrokerDetailResponse> {
  return pending();
}
