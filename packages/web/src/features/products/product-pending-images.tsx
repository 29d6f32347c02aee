import { MAX_PRODUCT_IMAGES } from '@b2b/domain/api/products';
import { Group, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { AddImageTile, IMAGE_HINT, ImageTile } from './product-images';
import { productImageProblem } from './products.api';

export interface ProductPendingImagesProps {
  files: File[];
  onChange: (files: File[]) => void;
}

/**
 * Images chosen for a product that does not exist yet: checked and previewed here, uploaded in
 * this order once the product is created.
 */
export function ProductPendingImages({ files, onChange }: ProductPendingImagesProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const add = (picked: File[]) => {
    const accepted = [...files];
    const refused: string[] = [];
    for (const file of picked) {
      const problem = productImageProblem(file, accepted.length);
      if (problem) refused.push(`${file.name}: ${problem}`);
      else accepted.push(file);
    }
    setProblems(refused);
    onChange(accepted);
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-start">
        {files.map((file, index) => (
          <ImageTile
            key={previews[index]}
            src={previews[index]}
            alt={`New image ${index + 1}: ${file.name}`}
            main={index === 0}
            removeLabel={`Remove image ${index + 1}`}
            onRemove={() => {
              setProblems([]);
              onChange(files.filter((_, i) => i !== index));
            }}
          />
        ))}
        {files.length < MAX_PRODUCT_IMAGES && <AddImageTile onPick={add} />}
      </Group>
      {problems.map((problem) => (
        <Text key={problem} size="xs" c="red" role="alert">
          {problem}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        {IMAGE_HINT} They are uploaded when the product is created.
      </Text>
    </Stack>
  );
}
