/**
 * What the brokers services work with: the stores they read and write, and the two private buckets behind a small
 * interface (presigned upload, existence check, signed GET), so that the services read as the product's rules and the
 * S3 SDK is loaded only by the routes that touch a file.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { UploadKind } from '@shared/uploads/schemas';
import { config } from '@functions/lib/config';
import { createS3Client, presignUpload, signedGetUrl, type PresignedUpload } from '@functions/lib/storage';
import { brokersData, type BrokersData } from './data';

/** The two kinds of file a broker keeps: the profile photo and the licence document. */
export type BrokerFileKind = Extract<UploadKind, 'profilePhoto' | 'licence'>;

export interface BrokerFiles {
  presignUpload(kind: BrokerFileKind, key: string, contentType: string): Promise<PresignedUpload>;
  exists(kind: BrokerFileKind, key: string): Promise<boolean>;
  /** A signed GET of `key`, usable for `expiresInSeconds` from `signedAt` (now). */
  signedUrl(kind: BrokerFileKind, key: string, expiresInSeconds: number, signedAt?: Date): Promise<string>;
}

export interface BrokerServices {
  data: BrokersData;
  files: BrokerFiles;
}

export function s3BrokerFiles(s3: () => Promise<S3Client>, buckets: Record<BrokerFileKind, string>): BrokerFiles {
  return {
    async presignUpload(kind, key, contentType) {
      return presignUpload(await s3(), { bucket: buckets[kind], key, contentType });
    },
    async exists(kind, key) {
      const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
      try {
        await (await s3()).send(new HeadObjectCommand({ Bucket: buckets[kind], Key: key }));
        return true;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if ((error as Error).name === 'NotFound' || status === 404) return false;
        throw error;
      }
    },
    async signedUrl(kind, key, expiresInSeconds, signedAt) {
      return signedGetUrl(await s3(), { bucket: buckets[kind], key, expiresInSeconds, signedAt });
    },
  };
}

let s3: Promise<S3Client> | undefined;
let services: BrokerServices | undefined;

/** One instance per Lambda container, created on first use. */
export async function brokerServices(): Promise<BrokerServices> {
  services ??= {
    data: brokersData(),
    files: s3BrokerFiles(() => (s3 ??= createS3Client()), {
      profilePhoto: config.brokerPhotosBucket,
      licence: config.brokerLicencesBucket,
    }),
  };
  return services;
}
