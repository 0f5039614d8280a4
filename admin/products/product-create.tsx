import { Create } from 'react-admin';
import { ProductForm } from './product-form';

export function ProductCreate() {
  return (
    <Create redirect="edit">
      <ProductForm />
    </Create>
  );
}
