! The length of a character function result given by a type-bound function of the passed
! object (`character(len=self%span()) :: text`): gfortran 12.2 crashes with a segmentation
! fault while matching the declaration, before any diagnostic (the backtrace reported for
! 11.1 goes gfc_match_char_spec -> gfc_reduce_init_expr -> gfc_find_derived_vtab). Written
! for this benchmark.
module label_maker
  implicit none
  private
  type, public :: tag_t
    integer :: width = 12
  contains
    procedure :: span
    procedure :: caption
  end type tag_t
contains
  pure integer function span(self)
    class(tag_t), intent(in) :: self
    span = self%width
  end function span

  function caption(self) result(text)
    class(tag_t), intent(in) :: self
    character(len=self%span()) :: text
    text = 'label'
  end function caption
end module label_maker
