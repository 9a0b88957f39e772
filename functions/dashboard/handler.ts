// PLACEHOLDER: replaced by the real implementation.
export const handler = async (): Promise<never> => {
  throw new Error('not implemented');
};
