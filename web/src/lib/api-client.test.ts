import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse } from './api-client';

const response = (status: number, statusText = '') => ({ status, statusText });

describe('errorFromResponse', () => {
  it("reads the API's error shape: code, message and field messages", () => {
    const error = errorFromResponse(response(400), {
      error: { code: 'bad_request', message: 'Make is required', fields: { make: 'Make is required' } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'bad_request',
      message: 'Make is required',
      fields: { make: 'Make is required' },
    });
  });

  it("keeps API Gateway's own message (authorizer, throttling)", () => {
    expect(errorFromResponse(response(401), { message: 'Unauthorized' })).toMatchObject({
      status: 401,
      code: 'http_401',
      message: 'Unauthorized',
    });
  });

  it('gives a generic message for a body it does not understand', () => {
    expect(errorFromResponse(response(502, 'Bad Gateway'), undefined)).toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'Request failed (502 Bad Gateway)',
    });
  });
});
