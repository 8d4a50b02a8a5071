// The response envelope of every /api route (API contract): {code, message, data}; success code 200.
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const SUCCESS_CODE = 200;
