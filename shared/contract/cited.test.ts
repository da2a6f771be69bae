import { describe, expect, it } from 'vitest';
import { citedUrl } from './cited';

describe('citedUrl: the address a citation links to', () => {
  it('is the leading https address, normalised, without the note that follows it', () => {
    expect(citedUrl('https://www.nvidia.com/en-us/data-center/h100/')).toBe('https://www.nvidia.com/en-us/data-center/h100/');
    expect(citedUrl('https://willitrunai.com/es/gpus/h20-96gb (no NVIDIA product page; OEM spec sheets)')).toBe('https://willitrunai.com/es/gpus/h20-96gb');
    expect(citedUrl('  HTTPS://WWW.NVIDIA.COM/en-us/data-center/h200/')).toBe('https://www.nvidia.com/en-us/data-center/h200/');
  });
  it('is null for a citation the app must not link: no address, another scheme, credentials, an address later in the text', () => {
    for (const source of [
      'custom',
      '',
      'http://www.nvidia.com/en-us/data-center/h100/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pw@www.nvidia.com/',
      'see https://www.nvidia.com/',
      'https://',
    ])
      expect(citedUrl(source), source).toBeNull();
  });
});
