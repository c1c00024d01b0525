import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One shared setting per name (`issuer`, `signin_form_key`), written once at first start. */
@Entity({ name: 'service_settings' })
export class ServiceSettingEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'varchar', length: 2048 })
  value!: string;
}
