/**
 * Users: the spec's user_roles and profiles in one item per user (role, dealership and full name are always
 * read together), and broker profiles.
 */
import { defineSchema } from './define-schema';
import { ROLES } from '../../../../shared/auth/roles';
import { COMMISSION_TYPES } from '../enums';

export const userSchema = defineSchema({
  model: { entity: 'user', version: '1', service: 'leasedesk' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    role: { type: ROLES, required: true },
    fullName: { type: 'string', required: true },
    email: { type: 'string', required: true },
    /** Dealers only: the dealership whose deals and vehicles they see. */
    dealershipId: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
    byRole: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['role'] }, sk: { field: 'gsi1sk', composite: ['fullName', 'userId'] } },
  },
});

export const brokerProfileSchema = defineSchema({
  model: { entity: 'brokerProfile', version: '1', service: 'leasedesk' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    fullName: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    profilePhotoUrl: { type: 'string' },
    startedAt: { type: 'string' },
    isLicensed: { type: 'boolean' },
    licenseNumber: { type: 'string' },
    licenseExpirationDate: { type: 'string' },
    /** The private object key in the licences bucket, viewed only through a short-lived signed URL. */
    licenseDocumentUrl: { type: 'string' },
    commissionType: { type: COMMISSION_TYPES },
    commissionValue: { type: 'number' },
    isApproved: { type: 'boolean' },
    /**
     * Not readOnly: the profile item may already exist (a licence uploaded before confirmation) when the
     * confirmation fills it in with an UpdateItem; the user item's create condition makes that happen once.
     */
    createdAt: { type: 'string' },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
    /**
     * Approved / pending lists, and "approved and licensed ordered by full name" (begins with isLicensed=true).
     * Sparse: a profile holding only the licence uploaded before confirmation is in no list yet. ElectroDB writes
     * the index only with all three composites, so an update that changes one of them must set all three.
     */
    byApproval: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['isApproved'] },
      sk: { field: 'gsi1sk', composite: ['isLicensed', 'fullName', 'userId'] },
    },
  },
});
