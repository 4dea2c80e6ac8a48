import { PARKING_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { PLATE_MESSAGE, PLATE_REGEX, PLATE_TYPES } from './plate';

/**
 * A car licence bound to a parking lot (domain.md parking: car licences): the plate (checked as a
 * mainland plate, plate.ts), its colour, the owner and the lot. The owner's phone is sealed at
 * rest and answered masked (138****0000); sent back masked on an edit, the stored one is kept.
 */
export interface ParkCar {
  id: string;
  plateNo: string;
  plateType: 'blue' | 'yellow' | 'green';
  ownerName: string | null;
  /** Masked in every answer ('' when none). */
  ownerPhone: string;
  lotId: string;
  lotName: string;
  bindTime: string;
  enabled: number;
  version: number;
  createTime: string;
}

/** The mask answered for a phone (138****0000): sent back on an edit, the stored one is kept. */
export const OWNER_PHONE_MASK = /^1\d{2}\*{4}\d{4}$/;
/** A mobile number, or the mask. */
export const OWNER_PHONE_REGEX = /^(?:1\d{10}|1\d{2}\*{4}\d{4})$/;

export const parkCarContract = defineContract<ParkCar>()({
  service: `${PARKING_SERVICE}/parking/car`,
  route: '/business/parking/carlicenseManagement',
  title: { zh: '车牌', en: 'Car licence' },
  menu: 'car_license',
  buttons: ['add', 'edit', 'delete', 'view'],
  calls: { list: 'listCarPage' },
  fields: {
    plateNo: {
      label: { zh: '车牌号', en: 'Plate' },
      required: { zh: '请输入车牌号', en: 'Please enter the plate' },
      maxLength: 8,
      pattern: { regex: PLATE_REGEX, message: PLATE_MESSAGE },
      unique: { zh: '该车牌已绑定此停车场', en: 'This plate is already bound to the lot' },
      uniqueWith: ['lotId'],
      filter: 'like',
      sortable: true,
    },
    plateType: {
      label: { zh: '车牌类型', en: 'Plate type' },
      required: { zh: '请选择车牌类型', en: 'Please choose the plate type' },
      choices: PLATE_TYPES,
      filter: 'equal',
    },
    ownerName: { label: { zh: '车主姓名', en: 'Owner' }, maxLength: 50, filter: 'like' },
    ownerPhone: {
      label: { zh: '车主电话', en: 'Owner phone' },
      maxLength: 11,
      pattern: {
        regex: OWNER_PHONE_REGEX,
        message: { zh: '请输入正确的手机号', en: 'Please enter a valid mobile number' },
      },
    },
    lotId: {
      label: { zh: '停车场', en: 'Parking lot' },
      required: { zh: '请选择停车场', en: 'Please choose the lot' },
      ref: 'parkLot',
      filter: 'equal',
    },
    lotName: {
      label: { zh: '停车场', en: 'Parking lot' },
      readOnly: true,
      nameOf: 'lotId',
      sortable: true,
    },
    bindTime: { label: { zh: '绑定时间', en: 'Bound' }, kind: 'dateTime', sortable: true },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      kind: 'switch',
      emptyAs: 1,
      filter: 'equal',
    },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
