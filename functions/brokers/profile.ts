/** A broker's own profile: read, phone, photo and licence uploads, and the signed licence URL. */
import type { LicenceUrlResponse, PresignedUploadResponse, ProfileResponse } from '@shared/brokers/api';
import type { UploadRequest } from '@shared/uploads/schemas';
import type { Identity } from '../lib/auth-context';
import type { BrokerFileKind, BrokerServices } from './deps';

const pending = () => Promise.reject(new Error('The brokers API is being implemented on this branch'));

export function getProfile(_caller: Identity, _services: BrokerServices, _now: Date): Promise<ProfileResponse> {
  return pending();
}
export function updateProfile(
  _caller: Identity,
  _input: { phone: string | null },
  _services: BrokerServices,
  _now: Date,
): Promise<ProfileResponse> {
  return pending();
}
export function presignProfileUpload(
  _caller: Identity,
  _kind: BrokerFileKind,
  _request: UploadRequest,
  _services: BrokerServices,
): Promise<PresignedUploadResponse> {
  return pending();
}
export function confirmUpload(
  _caller: Identity,
  _kind: BrokerFileKind,
  _fileName: string,
  _services: BrokerServices,
  _now: Date,
): Promise<ProfileResponse> {
  return pending();
}
export function licenceUrl(_caller: Identity, _brokerId: string, _services: BrokerServices): Promise<LicenceUrlResponse> {
  return pending();
}
