import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../constants';
import {
  CHOOSE_FILE_MESSAGE,
  CONTENT_TYPE_MISMATCH_MESSAGE,
  EMPTY_FILE_MESSAGE,
  contentTypeFor,
  fileExtension,
  fileSchema,
  uploadRequestSchema,
} from './schemas';
import { brokerLicenceKey, brokerPhotoKey, dealImageKey } from './keys';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
const file = (name: string, size = 1024) => ({ name, size });

describe('fileExtension and contentTypeFor', () => {
  it.each([
    ['scan.PDF', 'pdf'],
    ['my.photo.Jpeg', 'jpeg'],
    ['noextension', undefined],
    ['trailingdot.', undefined],
  ])('reads the extension of %s as %s', (name, expected) => {
    expect(fileExtension(name)).toBe(expected);
  });

  it('maps extensions to content types', () => {
    expect(contentTypeFor('a.jpg')).toBe('image/jpeg');
    expect(contentTypeFor('a.JPEG')).toBe('image/jpeg');
    expect(contentTypeFor('a.webp')).toBe('image/webp');
    expect(contentTypeFor('a.pdf')).toBe('application/pdf');
    expect(contentTypeFor('a.exe')).toBeUndefined();
  });
});

describe('fileSchema', () => {
  it.each([
    [
      'profilePhoto',
      ['me.jpeg', 'me.jpg', 'me.png', 'me.webp', 'ME.PNG'],
      ['me.gif', 'me.pdf'],
      'Photo must be a JPEG, PNG or WebP image',
    ],
    [
      'licence',
      ['l.pdf', 'l.jpg', 'l.jpeg', 'l.png'],
      ['l.webp', 'l.docx', 'pdf'],
      'License must be a PDF, JPG, JPEG or PNG file',
    ],
    [
      'vehicleImage',
      ['c.jpg', 'c.jpeg', 'c.png', 'c.gif', 'c.webp'],
      ['c.pdf', 'c.svg'],
      'Image must be a JPG, PNG, GIF or WebP file',
    ],
  ] as const)('%s accepts its types and names the others', (kind, accepted, rejected, message) => {
    for (const name of accepted) expect(fileSchema(kind).safeParse(file(name)).success).toBe(true);
    for (const name of rejected) expect(firstMessage(fileSchema(kind).safeParse(file(name)))).toBe(message);
  });

  it.each([
    ['vehicleImage', 'Image must be less than 5MB'],
    ['profilePhoto', 'Image must be less than 5MB'],
    ['licence', 'File must be less than 5MB'],
  ] as const)('%s accepts exactly 5MB and rejects one byte more', (kind, message) => {
    const name = kind === 'licence' ? 'l.pdf' : 'c.png';
    expect(fileSchema(kind).safeParse(file(name, MAX_UPLOAD_BYTES)).success).toBe(true);
    expect(firstMessage(fileSchema(kind).safeParse(file(name, MAX_UPLOAD_BYTES + 1)))).toBe(message);
  });

  it('rejects an empty file and a value that is not a file', () => {
    expect(firstMessage(fileSchema('licence').safeParse(file('l.pdf', 0)))).toBe(EMPTY_FILE_MESSAGE);
    expect(firstMessage(fileSchema('licence').safeParse('l.pdf'))).toBe(CHOOSE_FILE_MESSAGE);
  });

  it('returns the very file it was given (a browser File stays a File)', () => {
    const chosen = file('l.pdf');
    expect(fileSchema('licence').parse(chosen)).toBe(chosen);
  });
});

describe('uploadRequestSchema', () => {
  const schema = uploadRequestSchema('licence');

  it('accepts a matching name, content type and size', () => {
    expect(schema.parse({ fileName: 'licence.PDF', contentType: 'application/pdf', size: 2048 })).toEqual({
      fileName: 'licence.PDF',
      contentType: 'application/pdf',
      size: 2048,
    });
  });

  it.each([
    [{ fileName: 'licence.exe', contentType: 'application/pdf', size: 10 }, 'License must be a PDF, JPG, JPEG or PNG file'],
    [{ fileName: 'licence.pdf', contentType: 'image/png', size: 10 }, CONTENT_TYPE_MISMATCH_MESSAGE],
    [{ fileName: 'licence.pdf', contentType: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 }, 'File must be less than 5MB'],
    [{ fileName: 'licence.pdf', contentType: 'application/pdf', size: 0 }, EMPTY_FILE_MESSAGE],
    [{ fileName: '', contentType: 'application/pdf', size: 10 }, CHOOSE_FILE_MESSAGE],
  ])('rejects %j with %j', (input, message) => {
    expect(firstMessage(schema.safeParse(input))).toBe(message);
  });
});

describe('object keys', () => {
  it('places broker photos and licences under the user, one of each', () => {
    expect(brokerPhotoKey('u-1', 'PNG')).toBe('u-1/profile.png');
    expect(brokerLicenceKey('u-1', 'pdf')).toBe('u-1/license.pdf');
    expect(dealImageKey('01JABC', 'webp')).toBe('01JABC.webp');
  });
});
