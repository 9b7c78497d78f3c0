import { defineConfig } from 'prisma/config';

// Only `prisma generate` runs here (offline); migrations are plain SQL applied at start-up.
export default defineConfig({
  schema: 'prisma/schema.prisma',
});
