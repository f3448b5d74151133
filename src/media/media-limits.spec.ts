import {
  checkLibraryMedia,
  checkMessageMedia,
  checkTemplateHeaderMedia,
  cleanFileName,
  describeSize,
  KB,
  MAX_UPLOAD_BYTES,
  MB,
  mediaKindOf,
  normalizeMimeType,
} from './media-limits';

describe('media limits', () => {
  it('normalizes MIME types: lower case, no parameters', () => {
    expect(normalizeMimeType(' Audio/OGG; codecs=opus ')).toBe('audio/ogg');
    expect(normalizeMimeType('image/png')).toBe('image/png');
  });

  it('maps each type to its kind; others to none', () => {
    expect(mediaKindOf('image/webp')).toBe('sticker');
    expect(mediaKindOf('image/png')).toBe('image');
    expect(mediaKindOf('video/3gpp')).toBe('video');
    expect(mediaKindOf('application/vnd.openxmlformats-officedocument.presentationml.presentation')).toBe('document');
    expect(mediaKindOf('audio/amr')).toBe('audio');
    expect(mediaKindOf('image/gif')).toBeUndefined();
  });

  it.each([
    ['image/jpeg', 5 * MB],
    ['audio/mpeg', 16 * MB],
    ['video/mp4', 16 * MB],
    ['image/webp', 500 * KB],
    ['text/plain', 100 * MB],
  ])('holds %s to %d bytes', (type, limit) => {
    expect(checkMessageMedia(type, limit).mimeType).toBe(type);
    expect(() => checkMessageMedia(type, limit + 1)).toThrow(
      expect.objectContaining({
        code: 100,
        status: 400,
        options: expect.objectContaining({ data: { details: expect.stringMatching(/^file: /) } }),
      }),
    );
  });

  it('names the field at fault', () => {
    expect(() => checkMessageMedia('image/gif', 10)).toThrow(
      expect.objectContaining({
        options: { status: 400, data: { details: expect.stringMatching(/^type: "image\/gif"/) } },
      }),
    );
    expect(() => checkMessageMedia('image/png', 0)).toThrow(
      expect.objectContaining({ options: { status: 400, data: { details: 'file: the file is empty' } } }),
    );
    expect(() => checkTemplateHeaderMedia('audio/ogg', 10, 'file')).toThrow(
      expect.objectContaining({ options: { status: 400, data: { details: expect.stringMatching(/^file: /) } } }),
    );
    expect(() => checkLibraryMedia('application/zip', 10)).toThrow(
      expect.objectContaining({ options: { status: 400, data: { details: expect.stringMatching(/^file: /) } } }),
    );
  });

  it('template headers: image 5 MB, video 16 MB, PDF 100 MB', () => {
    expect(checkTemplateHeaderMedia('image/png', 5 * MB, 'file')).toEqual({ mimeType: 'image/png', format: 'IMAGE' });
    expect(checkTemplateHeaderMedia('video/mp4', 16 * MB, 'type')).toEqual({ mimeType: 'video/mp4', format: 'VIDEO' });
    expect(checkTemplateHeaderMedia('application/pdf', 100 * MB, 'file')).toEqual({
      mimeType: 'application/pdf',
      format: 'DOCUMENT',
    });
    expect(() => checkTemplateHeaderMedia('image/jpeg', 5 * MB + 1, 'file')).toThrow(/too large/);
    expect(() => checkTemplateHeaderMedia('video/3gpp', 10, 'type')).toThrow(/Unsupported/);
  });

  it('caps every upload at the largest kind', () => {
    expect(MAX_UPLOAD_BYTES).toBe(100 * MB);
    expect(checkLibraryMedia('image/png', 50 * MB).kind).toBe('image');
  });

  it('cleans file names: last path segment, no control characters, a fallback, 255 characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\photo.jpg')).toBe('photo.jpg');
    expect(cleanFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFileName(undefined)).toBe('file');
    expect(cleanFileName('dir/')).toBe('file');
    expect(cleanFileName('x'.repeat(300))).toHaveLength(255);
  });

  it('describes sizes', () => {
    expect(describeSize(5 * MB)).toBe('5 MB');
    expect(describeSize(500 * KB)).toBe('500 KB');
    expect(describeSize(1001)).toBe('1001 bytes');
  });
});
