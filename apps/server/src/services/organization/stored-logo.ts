/** The organisation's logo as it is stored and served. */
export interface StoredLogo {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  etag: string;
}
