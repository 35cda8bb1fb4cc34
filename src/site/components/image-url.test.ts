import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl } from './image-url.ts';

describe('catalogue images through /catalog-api/image', () => {
  const poster = '/catalog-api/media/posters/content-1.jpg';

  it('asks for an allowed width of our own media', () => {
    expect(imageUrl(poster, 320)).toBe('/catalog-api/image?src=%2Fcatalog-api%2Fmedia%2Fposters%2Fcontent-1.jpg&w=320');
  });

  it('lists the allowed widths between two for the browser to choose from', () => {
    expect(imageSrcSet(poster, 160, 640)?.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['160w', '320w', '480w', '640w']);
  });

  it('leaves anything that is not our media as it is', () => {
    expect(imageUrl('data:image/png;base64,AAAA', 320)).toBe('data:image/png;base64,AAAA');
    expect(imageSrcSet('https://elsewhere.example/a.jpg', 160, 640)).toBeUndefined();
  });
});
