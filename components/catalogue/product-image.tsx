import { responsiveImage } from '@/lib/api/images';

interface ProductImageProps {
  url: string;
  alt: string;
  width: number;
  height: number;
  /** How wide the image is shown, for the browser's srcset choice. */
  sizes: string;
  className?: string;
  /** The likely largest paint of the screen: load at once and first. */
  priority?: boolean;
}

export function ProductImage({
  url,
  alt,
  width,
  height,
  sizes,
  className,
  priority = false,
}: ProductImageProps) {
  const { src, srcSet } = responsiveImage(url);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
