import { useEffect, useRef, useState, type MouseEvent, type ReactNode, type Ref } from "react";
import { FieldNotes, fieldErrorId, fieldHintId } from "./form-field.tsx";
import { CENTER, focalPointOf, focalPointValue, type FocalPoint } from "./focal-point.ts";

type Props = {
  /** Prefix of the controls' ids; the error's id is `${id}-error`, as FormField's. */
  id: string;
  legend: ReactNode;
  /** The saved object-position ('X% Y%', or an older keyword such as 'center'). */
  defaultValue: string;
  /** Field names of the two percentages the form sends. */
  names: { x: string; y: string };
  /** The text field holding the picture's address: the picker shows what it names. */
  imageFieldId: string;
  /** The address in that field when the page was made, so the picture shows before hydration. */
  defaultImage: string;
  error?: string | null;
  hint?: ReactNode;
};

/** Only a picture of this site shows (the Content-Security-Policy admits no other). */
const isSitePath = (value: string) => /^\/(?!\/)\S*$/.test(value);

/**
 * The picture's address: the one in its address field when the page was made, then whatever that
 * field holds.
 */
function useImageOf(imageFieldId: string, defaultImage: string) {
  const [image, setImage] = useState(defaultImage.trim());
  // The picture follows its address field: typed, pasted, or written there by an upload.
  useEffect(() => {
    const field = document.getElementById(imageFieldId) as HTMLInputElement | null;
    if (!field) return;
    const follow = () => setImage(field.value.trim());
    follow();
    field.addEventListener("input", follow);
    field.addEventListener("change", follow);
    return () => {
      field.removeEventListener("input", follow);
      field.removeEventListener("change", follow);
    };
  }, [imageFieldId]);
  return image;
}

/** The picture with the point marked, which a click moves, and beside it the crop a card makes. */
function FocalPointPreview({
  image,
  point,
  onPick,
}: {
  image: string;
  point: FocalPoint;
  onPick: (event: MouseEvent<HTMLDivElement>) => void;
}) {
  if (!isSitePath(image))
    return <p className="small text-body-secondary mb-0">Escribe o sube la imagen para ver dónde queda el punto.</p>;
  return (
    <>
      {/* Pointer only: the sliders below are the keyboard's way to the same choice. */}
      <div className="focal-point-stage" onClick={onPick} data-testid="focal-point-stage">
        <img src={image} alt="" draggable={false} />
        <span className="focal-point-marker" style={{ left: `${point.x}%`, top: `${point.y}%` }} />
      </div>
      <figure className="mb-0 text-center">
        <img
          src={image}
          alt=""
          className="focal-point-crop"
          style={{ objectPosition: focalPointValue(point) }}
          data-testid="focal-point-crop"
        />
        <figcaption className="small">En la carta</figcaption>
      </figure>
    </>
  );
}

/**
 * Chooses the point of a picture that its crops keep in view (its object-position): click the
 * picture, or move the two sliders with the arrow keys. Beside it, the crop a 3:4 card makes.
 * The sliders are plain uncontrolled range inputs, so the form sends what they show even if
 * they were moved before the page was interactive, and a click only moves them.
 */
export function FocalPointPicker({ id, legend, defaultValue, names, imageFieldId, defaultImage, error, hint }: Props) {
  const start = focalPointOf(defaultValue) ?? CENTER;
  const [point, setPoint] = useState<FocalPoint>(start);
  const horizontal = useRef<HTMLInputElement>(null);
  const vertical = useRef<HTMLInputElement>(null);
  const image = useImageOf(imageFieldId, defaultImage);

  const readSliders = () => {
    if (horizontal.current && vertical.current)
      setPoint({ x: Number(horizontal.current.value), y: Number(vertical.current.value) });
  };
  // Sliders moved before hydration: show where they are now.
  useEffect(readSliders, []);

  const pick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height || !horizontal.current || !vertical.current) return;
    const x = Math.round(((event.clientX - box.left) / box.width) * 100);
    const y = Math.round(((event.clientY - box.top) / box.height) * 100);
    horizontal.current.value = String(Math.min(100, Math.max(0, x)));
    vertical.current.value = String(Math.min(100, Math.max(0, y)));
    readSliders();
  };

  const value = focalPointValue(point);
  const describedBy = [error && fieldErrorId(id), hint && fieldHintId(id)].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="focal-point mb-3" aria-describedby={describedBy}>
      <legend className="form-label fs-6">{legend}</legend>
      <div className="d-flex flex-wrap gap-3 align-items-start">
        <FocalPointPreview image={image} point={point} onPick={pick} />
        <div className="focal-point-sliders">
          <Slider
            ref={horizontal}
            id={`${id}-x`}
            label="Horizontal (%)"
            name={names.x}
            start={start.x}
            valueText={`${point.x} % desde la izquierda`}
            invalid={Boolean(error)}
            onChange={readSliders}
          />
          <Slider
            ref={vertical}
            id={`${id}-y`}
            label="Vertical (%)"
            name={names.y}
            start={start.y}
            valueText={`${point.y} % desde arriba`}
            invalid={Boolean(error)}
            onChange={readSliders}
          />
          <output className="small" htmlFor={`${id}-x ${id}-y`} data-testid="focal-point-value">
            {value}
          </output>
        </div>
      </div>
      <FieldNotes id={id} error={error} hint={hint} />
    </fieldset>
  );
}

type SliderProps = {
  ref: Ref<HTMLInputElement>;
  id: string;
  label: string;
  name: string;
  start: number;
  valueText: string;
  invalid: boolean;
  onChange: () => void;
};

/** One axis of the point, 0–100 %, by keyboard (arrow keys) or pointer. */
function Slider({ ref, id, label, name, start, valueText, invalid, onChange }: SliderProps) {
  return (
    <>
      <label htmlFor={id} className="form-label small mb-0">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name={name}
        type="range"
        className="form-range"
        min={0}
        max={100}
        step={1}
        defaultValue={start}
        aria-valuetext={valueText}
        aria-invalid={invalid ? true : undefined}
        onChange={onChange}
      />
    </>
  );
}
